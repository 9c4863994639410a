import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import { messages } from '@toolsify/shared/messages';
import {
  isProfileComplete,
  updateProfileSchema,
  type Profile,
  type UpdateProfileBody,
  type UpdateProfileInput,
} from '@toolsify/shared/profile';
import { FormField, InputField, TextareaField } from '../../../components/ui/form-field.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

export interface ProfileFormProps {
  account: { name: string; email: string };
  profile: Profile;
}

const FIELDS = ['phone', 'education', 'linkedin', 'address', 'company', 'taxId', 'invoiceEmail'] as const;

/**
 * My Profile: read-only name and email; phone, education, LinkedIn link and address; an
 * optional company name and tax / VAT number (shown on invoices and order emails), and an
 * address the invoices are emailed to as well (accounts payable). The
 * profile is saved (it prefills the purchase form); 'Profile Updated' shows only when phone
 * and address are filled, as the spec says.
 */
export function ProfileForm({ account, profile }: ProfileFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<UpdateProfileBody, unknown, UpdateProfileInput>({ resolver: zodResolver(updateProfileSchema), defaultValues: profile });
  const save = useUpdateProfile();

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(saved);
        // One toast for the latest save: a second save replaces the first's word, never stacks under it.
        if (isProfileComplete(saved)) toast.success(messages.profileUpdated, { id: 'profile-saved' });
        else toast('Saved. Add your phone and address so we can deliver your orders.', { icon: 'ℹ️', id: 'profile-saved' });
      },
      onError: (error) => {
        toast.error(error.message);
        setServerFieldErrors(error, FIELDS, setError);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl" aria-label="My Profile">
      <div className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="profile-name" label="Name">
            <input id="profile-name" className="input w-full bg-base-200" value={account.name} readOnly />
          </FormField>
          <FormField id="profile-email" label="Email">
            <input id="profile-email" type="email" className="input w-full bg-base-200" value={account.email} readOnly />
          </FormField>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id="profile-phone"
            label="Phone"
            error={errors.phone?.message}
            type="tel"
            autoComplete="tel"
            placeholder="+1 555 010 2030"
            {...register('phone')}
          />
          <InputField
            id="profile-education"
            label="Education"
            error={errors.education?.message}
            placeholder="e.g. BSc Mechanical Engineering"
            {...register('education')}
          />
        </div>

        <InputField
          id="profile-linkedin"
          label="LinkedIn link"
          error={errors.linkedin?.message}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://www.linkedin.com/in/your-name"
          {...register('linkedin')}
        />

        <TextareaField
          id="profile-address"
          label="Address"
          error={errors.address?.message}
          hint="Where we deliver your orders."
          rows={3}
          autoComplete="street-address"
          {...register('address')}
        />

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm text-base-content/70">
            Buying for a business? All optional: invoices and order emails show your company and tax number.
          </legend>
          <InputField
            id="profile-company"
            label="Company name"
            error={errors.company?.message}
            autoComplete="organization"
            maxLength={120}
            placeholder="e.g. Mill Road Joinery Ltd"
            {...register('company')}
          />
          <InputField
            id="profile-tax-id"
            label="Tax / VAT number"
            error={errors.taxId?.message}
            autoComplete="off"
            maxLength={30}
            placeholder="e.g. GB123456789"
            {...register('taxId')}
          />
          <InputField
            id="profile-invoice-email"
            label="Also email invoices to (optional)"
            error={errors.invoiceEmail?.message}
            hint="Your accounts payable: each invoice goes there too, as a PDF, when an order is paid."
            type="email"
            autoComplete="off"
            maxLength={254}
            placeholder="e.g. ap@millroadjoinery.com"
            fieldClassName="sm:col-span-2"
            {...register('invoiceEmail')}
          />
        </fieldset>

        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary sm:min-w-40" disabled={save.isPending}>
            {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Update Profile
          </button>
        </div>
      </div>
    </form>
  );
}
