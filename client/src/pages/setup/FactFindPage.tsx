import { useState } from 'react';
import { INTRODUCTION_PAGE } from '@evolution/shared';
import { fieldErrors } from '../../api/errors.ts';
import { trpc } from '../../api/trpc.ts';
import { VideoSlot } from '../../components/VideoSlot.tsx';
import { FactFindForm } from './FactFindForm.tsx';
import { useSetupStep } from './useSetupStep.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SetupExit } from './SetupExit.tsx';

/** /setup/fact-find: setup step 2, under the introductory video; submitting ends setup and opens Ground Zero. */
export default function FactFindPage() {
  const submit = trpc.setup.submitFactFinding.useMutation();
  const afterStep = useSetupStep();
  const [serverErrors, setServerErrors] = useState({});
  // The portal's introduction page holds the video (its uploaded file's signed address comes with the page).
  const intro = trpc.warrior.page.useQuery(
    { id: INTRODUCTION_PAGE.portal },
    { meta: { silentErrors: true }, staleTime: 5 * 60_000 },
  );
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <SetupExit />
      <PageHeader eyebrow="Setup · Step 2 of 2" title="Fact Find">
        <p className="muted">Tell us about your body and your day, so your programme and macros fit you.</p>
      </PageHeader>
      {intro.data && <VideoSlot link={intro.data.video_link} path={intro.data.video_path} title="Introduction" />}
      <FactFindForm
        pending={submit.isPending || submit.isSuccess}
        serverErrors={serverErrors}
        onSubmit={(values) =>
          submit.mutate(values, {
            onSuccess: afterStep.onSuccess,
            onError(error) {
              setServerErrors(fieldErrors(error));
              void afterStep.onError(error);
            },
          })
        }
      />
    </section>
  );
}
