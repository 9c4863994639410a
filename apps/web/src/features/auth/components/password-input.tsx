import { useState, type InputHTMLAttributes } from 'react';

/** A password field with a Show/Hide button (so a person can check what they typed). */
export function PasswordInput({ className = '', ...props }: InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={`input w-full pr-16 ${className}`} />
      <button
        type="button"
        className="btn btn-ghost btn-xs absolute right-2 top-1/2 -translate-y-1/2"
        aria-controls={props.id}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? 'Hide' : 'Show'}
        <span className="sr-only"> password</span>
      </button>
    </div>
  );
}
