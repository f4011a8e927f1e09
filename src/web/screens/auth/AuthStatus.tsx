// The common frame of the login and logout screens: a title and a status line announced by
// screen readers (the browser is about to leave, or has just come back).
import type { ReactNode } from 'react';

export function AuthStatus({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="container my-5">
      <h1>{title}</h1>
      <p className="lead" role="status">
        {text}
      </p>
      {children}
    </div>
  );
}
