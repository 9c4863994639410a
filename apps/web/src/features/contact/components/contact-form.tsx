import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import { contactSchema } from '@toolsify/shared/contact';
import { ApiError } from '../../../lib/api-client.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';
import { ContactFields, contactFieldId, type ContactDraft, type ContactFieldName } from './contact-fields.tsx';

const EMPTY: ContactDraft = { email: '', subject: '', message: '' };
const FIELDS: readonly ContactFieldName[] = ['email', 'subject', 'message'];

/**
 * The working Contact Us form: validated with the shared contactSchema (the same schema the
 * server checks), stored through POST /api/contact, confirmed with a toast. Loaded as its
 * own chunk when the section nears the screen, so the home page's first JavaScript stays small.
 */
export function ContactForm({ draft = EMPTY, focusField = null }: { draft?: ContactDraft; focusField?: ContactFieldName | null }) {
  const send = useSendContactMessage();
  const form = useForm({
    resolver: zodResolver(contactSchema),
    defaultValues: draft,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  // The visitor was already typing in the stand-in form: carry on in the same field.
  useEffect(() => {
    if (!focusField) return;
    const element = document.getElementById(contactFieldId(focusField)) as HTMLInputElement | HTMLTextAreaElement | null;
    if (!element) return;
    element.focus();
    try {
      element.setSelectionRange(element.value.length, element.value.length);
    } catch {
      // type="email" has no caret API; focus is what matters.
    }
  }, [focusField]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      form.reset(EMPTY);
      toast.success('Thank you! Your message has been sent. We will reply by email.');
      // Submit was disabled while it was sent, which drops the focus: back to the empty form's first field.
      // (By its id: reset leaves react-hook-form without its fields until they register again.)
      document.getElementById(contactFieldId('email'))?.focus();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      let placed = false;
      for (const field of FIELDS) {
        const message = apiError?.fields[field];
        if (message) {
          form.setError(field, { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) form.setError('root.server', { message: apiError?.message ?? 'Your message could not be sent. Please try again.' });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Contact us" data-ready="true">
      <ContactFields
        bind={(name) => form.register(name)}
        errors={{ email: errors.email?.message, subject: errors.subject?.message, message: errors.message?.message }}
        formError={errors.root?.server?.message}
        submitting={isSubmitting}
      />
    </form>
  );
}
