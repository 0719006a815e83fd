import { trpc } from '../../api/trpc.ts';
import { ParQForm } from './ParQForm.tsx';
import { useSetupStep } from './useSetupStep.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SetupExit } from './SetupExit.tsx';

/** /setup/par-q and /setup/registered-par-q: setup step 1. */
export default function ParQPage() {
  const submit = trpc.setup.submitApplicationDetails.useMutation();
  const afterStep = useSetupStep();
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <SetupExit />
      <PageHeader eyebrow="Setup · Step 1 of 2" title="Readiness Questionnaire">
        <p className="muted">The Physical Activity Readiness Questionnaire (PAR-Q), for people aged 15 to 69.</p>
      </PageHeader>
      <ParQForm
        pending={submit.isPending || submit.isSuccess}
        onSubmit={(values) => submit.mutate(values, afterStep)}
      />
    </section>
  );
}
