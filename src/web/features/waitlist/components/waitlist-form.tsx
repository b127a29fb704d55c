import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { waitlistRoleLabels } from '#web/lib/texts.ts';
import {
  expectedPlanOptions,
  JoinWaitlistRequest,
  waitlistRoles,
  type ExpectedPlan,
  type JoinWaitlistData,
  type JoinWaitlistInput,
} from '#contracts/waitlist.ts';
import { waitlistMessages } from '#contracts/waitlist.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { userMessage } from '#web/lib/api-errors.ts';
import { useJoinWaitlist } from '../api/join-waitlist.ts';
import { waitlistTexts } from '../texts.ts';

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
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label={waitlistTexts.formLabel}>
      {error && <Alert tone={duplicate ? 'info' : 'error'}>{duplicate ? waitlistMessages.duplicate : userMessage(error)}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={waitlistTexts.name} required error={errors.name?.message}>
          <Input autoComplete="name" placeholder={waitlistTexts.namePlaceholder} {...form.register('name')} />
        </Field>
        <Field label={waitlistTexts.email} required error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder={waitlistTexts.emailPlaceholder} {...form.register('email')} />
        </Field>
        <Field label={waitlistTexts.phone} error={errors.phoneNumber?.message}>
          <Input type="tel" autoComplete="tel" placeholder={waitlistTexts.phonePlaceholder} {...form.register('phoneNumber')} />
        </Field>
        <Field label={waitlistTexts.role} error={errors.role?.message}>
          <Select options={roleOptions} placeholder={waitlistTexts.rolePlaceholder} {...form.register('role')} />
        </Field>
        <Field label={waitlistTexts.company} error={errors.company?.message}>
          <Input autoComplete="organization" placeholder={waitlistTexts.companyPlaceholder} {...form.register('company')} />
        </Field>
        <Field label={waitlistTexts.linkedin} error={errors.linkedinUrl?.message}>
          <Input type="url" inputMode="url" placeholder={waitlistTexts.linkedinPlaceholder} {...form.register('linkedinUrl')} />
        </Field>
      </div>
      <Field label={waitlistTexts.imageNeeds} hint={waitlistTexts.imageNeedsHint} error={errors.imageNeeds?.message}>
        <Textarea rows={3} placeholder={waitlistTexts.imageNeedsPlaceholder} {...form.register('imageNeeds')} />
      </Field>
      <Field label={waitlistTexts.plan} error={errors.expectedPlan?.message}>
        <Select options={planOptions} placeholder={waitlistTexts.planPlaceholder} {...form.register('expectedPlan')} />
      </Field>
      <Button type="submit" size="lg" loading={join.isPending} className="mt-1 w-full">
        {join.isPending ? waitlistTexts.joining : waitlistTexts.join}
      </Button>
      <p className="text-center text-xs text-ink-500">{waitlistTexts.privacy}</p>
    </form>
  );
}
