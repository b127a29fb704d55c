import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  expectedPlanOptions,
  JoinWaitlistRequest,
  waitlistRoleLabels,
  waitlistRoles,
  type ExpectedPlan,
  type JoinWaitlistData,
  type JoinWaitlistInput,
} from '../../../../contracts/waitlist.ts';
import { waitlistMessages } from '../../../../contracts/waitlist.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { userMessage } from '../../../lib/api-errors.ts';
import { useJoinWaitlist } from '../api/join-waitlist.ts';

const roleOptions = waitlistRoles.map((r) => ({ value: r, label: waitlistRoleLabels[r] }));
const planOptions = expectedPlanOptions.map((p) => ({ value: p.value, label: p.label }));

export function WaitlistForm({ selectedPlan, onJoined }: { selectedPlan: ExpectedPlan | undefined; onJoined: () => void }) {
  const join = useJoinWaitlist();
  const form = useForm<JoinWaitlistInput, unknown, JoinWaitlistData>({
    resolver: zodResolver(JoinWaitlistRequest),
    defaultValues: {
      name: '',
      email: '',
      phoneNumber: '',
      role: '',
      company: '',
      linkedinUrl: '',
      imageNeeds: '',
      expectedPlan: selectedPlan ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await join.mutateAsync(data);
      onJoined();
    } catch {
      // The message is rendered from join.error below.
    }
  });

  const error = join.error;
  const duplicate = error instanceof ApiError && error.status === 409;

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label="Join the waitlist">
      {error && <Alert tone={duplicate ? 'info' : 'error'}>{duplicate ? waitlistMessages.duplicate : userMessage(error)}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" required error={errors.name?.message}>
          <Input autoComplete="name" placeholder="Jane Doe" {...form.register('name')} />
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="jane@brand.com" {...form.register('email')} />
        </Field>
        <Field label="Phone" error={errors.phoneNumber?.message}>
          <Input type="tel" autoComplete="tel" placeholder="+1 555 010 2030" {...form.register('phoneNumber')} />
        </Field>
        <Field label="Role" error={errors.role?.message}>
          <Select options={roleOptions} placeholder="Select your role" {...form.register('role')} />
        </Field>
        <Field label="Company" error={errors.company?.message}>
          <Input autoComplete="organization" placeholder="Your brand or store" {...form.register('company')} />
        </Field>
        <Field label="LinkedIn URL" error={errors.linkedinUrl?.message}>
          <Input type="url" inputMode="url" placeholder="https://linkedin.com/in/you" {...form.register('linkedinUrl')} />
        </Field>
      </div>
      <Field
        label="What images do you need?"
        hint="Product shots, lifestyle scenes, ads, videos… a sentence is plenty."
        error={errors.imageNeeds?.message}
      >
        <Textarea
          rows={3}
          placeholder="e.g. Lifestyle shots for 40 skincare products and short videos for TikTok ads"
          {...form.register('imageNeeds')}
        />
      </Field>
      <Field label="Which plan are you considering?" error={errors.expectedPlan?.message}>
        <Select options={planOptions} placeholder="Select a plan" {...form.register('expectedPlan')} />
      </Field>
      <Button type="submit" size="lg" loading={join.isPending} className="mt-1 w-full">
        {join.isPending ? 'Joining…' : 'Join the Waitlist'}
      </Button>
      <p className="text-center text-xs text-ink-500">We only use your details to plan beta invites. No spam.</p>
    </form>
  );
}
