import { useEffect } from 'react';
import { useAppStoreApi } from '../../store/AppStoreProvider';
import { findShortcut } from './shortcuts';

/** True when the key belongs to a text field or a control that handles keys itself. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return type !== 'checkbox' && type !== 'radio' && type !== 'button';
  }
  // MUI Select and menus use role=listbox/menu/combobox; sliders keep their own arrows.
  return target.closest('[role="listbox"],[role="menu"],[role="combobox"]') !== null;
}

/** Global shortcuts; silent while a dialog is open (dialogs own the keyboard then). */
export function useKeyboardShortcuts(): void {
  const store = useAppStoreApi();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (isTypingTarget(event.target)) return;
      const state = store.getState();
      const { isHelpOpen, isEditorOpen, isGalleryOpen } = state.view;
      if (isHelpOpen || isEditorOpen || isGalleryOpen) return;
      const shortcut = findShortcut(event);
      if (shortcut === null) return;
      // Space would also scroll the page or press the focused button.
      event.preventDefault();
      shortcut.run(state);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}
