// A back-office form's side of the idle sign-out (./kept-forms.ts): on mount it gets back what its
// signed-in owner typed before being signed out for inactivity, and it reports its values as they
// change. `values` null means nothing to keep (the form was sent).
import { useEffect, useRef } from 'react';
import { keptFormsOwner } from '#machines/auth/rules.ts';
import { AuthActor } from '../app/machines.ts';
import { noteForm, takeForm } from './kept-forms.ts';

export function useKeptForm<T>(formKey: string, values: T | null, restore: (kept: T) => void): void {
  const owner = AuthActor.useSelector((snapshot) => {
    const { user, area } = snapshot.context;
    return user && area ? keptFormsOwner(area, user) : null;
  });
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  useEffect(() => {
    if (!owner) return;
    const kept = takeForm<T>(owner, formKey);
    if (kept !== null) restoreRef.current(kept);
  }, [owner, formKey]);

  useEffect(() => {
    noteForm(formKey, values);
  }, [formKey, values]);
}
