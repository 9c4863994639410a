import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '@toolsify/shared/messages';
import { Icon } from '../../../components/ui/icon.tsx';
import { companyContact } from '../../../content/business.ts';
import { ContactFields, type ContactDraft, type ContactFieldName } from './contact-fields.tsx';

type ContactFormModule = typeof import('./contact-form.tsx');

let formModule: Promise<ContactFormModule> | null = null;
function loadContactForm(): Promise<ContactFormModule> {
  formModule ??= import('./contact-form.tsx').catch((error: unknown) => {
    formModule = null; // let Retry try again
    throw error;
  });
  return formModule;
}

/**
 * The Contact Us section, 'Stay connected with us'. The form's code (react-hook-form and zod)
 * is not part of the home page's first download: it loads when the section comes within
 * 600 px of the screen, or as soon as a field gets focus. Until then a stand-in with the same
 * fields keeps whatever the visitor types and hands it over.
 */
export function ContactSection() {
  const sectionRef = useRef<HTMLElement>(null);
  const draft = useRef<ContactDraft>({ email: '', subject: '', message: '' });
  const focused = useRef<ContactFieldName | null>(null);
  const requested = useRef(false);
  const [loaded, setLoaded] = useState<{
    Form: ContactFormModule['ContactForm'];
    draft: ContactDraft;
    focusField: ContactFieldName | null;
  } | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    setFailed(false);
    loadContactForm().then(
      // Hand over what the visitor typed so far and the field they are in.
      (module) => setLoaded({ Form: module.ContactForm, draft: { ...draft.current }, focusField: focused.current }),
      () => {
        requested.current = false;
        setFailed(true);
      },
    );
  }, []);

  useEffect(() => {
    const section = sectionRef.current;
    if (!section || typeof IntersectionObserver === 'undefined') {
      load();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, [load]);

  return (
    <section
      ref={sectionRef}
      id="contact"
      aria-labelledby="contact-heading"
      className="bg-linear-to-br from-primary to-blue-900 text-primary-content"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:py-20 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="mb-2 text-sm font-semibold uppercase tracking-widest text-secondary">Contact Us</p>
          <h2 id="contact-heading" className="text-balance text-3xl font-bold tracking-tight sm:text-4xl">
            {messages.contactHeading}
          </h2>
          <p className="mt-4 text-lg text-white/80">
            Need a quote for a large order, a product we do not list yet or help with an order? Write to us and our sales team will answer
            within one working day.
          </p>
          <ul className="mt-8 space-y-4">
            <li className="flex items-start gap-3">
              <Icon name="mail" className="mt-0.5 h-5 w-5 shrink-0 text-secondary" />
              <a href={`mailto:${companyContact.email}`} className="link link-hover">
                {companyContact.email}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <Icon name="phone" className="mt-0.5 h-5 w-5 shrink-0 text-secondary" />
              <a href={`tel:${companyContact.phone.replace(/[^\d+]/g, '')}`} className="link link-hover">
                {companyContact.phone}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <Icon name="pin" className="mt-0.5 h-5 w-5 shrink-0 text-secondary" />
              <span>{companyContact.address}</span>
            </li>
            <li className="flex items-start gap-3">
              <Icon name="clock" className="mt-0.5 h-5 w-5 shrink-0 text-secondary" />
              <span>{companyContact.hours}</span>
            </li>
          </ul>
        </div>
        <div className="rounded-box bg-base-100 p-6 text-base-content shadow-xl sm:p-8 lg:col-span-3">
          {loaded ? (
            <loaded.Form draft={loaded.draft} focusField={loaded.focusField} />
          ) : (
            <form
              noValidate
              aria-label="Contact us"
              onSubmit={(event) => {
                event.preventDefault();
                load();
              }}
            >
              <ContactFields
                bind={(name) => ({
                  name,
                  onChange: (event) => {
                    draft.current[name] = event.target.value;
                  },
                  onFocus: () => {
                    focused.current = name;
                    load();
                  },
                  onBlur: () => {
                    if (focused.current === name) focused.current = null;
                  },
                })}
                formError={failed ? 'The contact form could not load. Check your connection and press Submit to try again.' : undefined}
              />
            </form>
          )}
        </div>
      </div>
    </section>
  );
}
