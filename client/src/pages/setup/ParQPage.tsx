import { trpc } from '../../api/trpc.ts';
import { ParQForm } from './ParQForm.tsx';
import { useSetupStep } from './useSetupStep.ts';

/** /setup/par-q and /setup/registered-par-q: setup step 1. */
export default function ParQPage() {
  const submit = trpc.setup.submitApplicationDetails.useMutation();
  const afterStep = useSetupStep();
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <header className="page__header">
        <p className="eyebrow">Setup · Step 1 of 2</p>
        <h1 id="page-title" className="page__title">
          Readiness Questionnaire
        </h1>
        <p className="muted">The Physical Activity Readiness Questionnaire (PAR-Q), for people aged 15 to 69.</p>
      </header>
      <ParQForm pending={submit.isPending || submit.isSuccess} onSubmit={(values) => submit.mutate(values, afterStep)} />
    </section>
  );
}

