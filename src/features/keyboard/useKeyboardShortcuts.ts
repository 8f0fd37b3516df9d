import { useEffect } from 'react';
import { useAppStoreApi } from '../../store/AppStoreProvider';
import { CLOSING_ATTRIBUTE } from '../../ui/theme';
import { LESSON_KEYS } from '../lesson/lessonKeys';
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
  // MUI Select and menus use role=listbox/menu/combobox.
  return target.closest('[role="listbox"],[role="menu"],[role="combobox"]') !== null;
}

const WIDGET_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter', ' ']);

/**
 * Widgets whose keys mean something else: the queue tree's cards (WAI-ARIA tree) walk the tree with the
 * arrows, as do the cluster map's cells (`data-arrow-keys="own"`); the timeline slider jumps a tenth of the run with Page Up/Down (its arrows, Home and End are
 * the global shortcuts already).
 */
function isOwnedByWidget(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  // A modal dialog owns the keyboard (the credentials panel keeps its open state to itself), until it starts
  // to close: it keeps the focus while it fades, and a key pressed then is the app's (theme.ts); the lesson
  // pane, when it has focus, walks its script with its own keys (lessonKeys.ts).
  const dialog = target.closest('[role="dialog"],.MuiModal-root');
  if (dialog !== null && dialog.closest(`[${CLOSING_ATTRIBUTE}]`) === null) return true;
  if (
    target.closest('[data-testid="lesson-player"]') !== null &&
    LESSON_KEYS.some((k) => k.matches(event.key))
  )
    return true;
  // Escape first closes a tooltip shown for the focused element (a glossary term's definition): WCAG 1.4.13 asks
  // that it be dismissible without moving the focus. MUI's Tooltip hears Escape on the document, after this
  // capture listener, so the app's Escape (clear the selection, leave presenter mode) waits for the next press.
  if (event.key === 'Escape' && describesWithTooltip(target)) return true;
  if (
    WIDGET_KEYS.has(event.key) &&
    target.closest('[role="tree"],[role="grid"],[data-arrow-keys="own"]') !== null
  )
    return true;
  return (event.key === 'PageUp' || event.key === 'PageDown') && target.closest('[role="slider"]') !== null;
}

/** True when `target` is described by an open tooltip (MUI sets `aria-describedby` to the popper's id while open). */
function describesWithTooltip(target: Element): boolean {
  const ids = target.getAttribute('aria-describedby');
  if (ids === null) return false;
  return ids
    .split(/\s+/)
    .some((id) => id !== '' && document.getElementById(id)?.getAttribute('role') === 'tooltip');
}

/**
 * Global shortcuts, heard before the focused element (capture phase): after clicking a tab or a button
 * the arrow keys still step through sessions instead of moving between tabs. Silent in text fields and
 * editors, in the queue tree's own keys, and while a dialog is open (dialogs own the keyboard then).
 */
export function useKeyboardShortcuts(): void {
  const store = useAppStoreApi();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (isTypingTarget(event.target) || isOwnedByWidget(event)) return;
      const state = store.getState();
      const { isHelpOpen, isEditorOpen, isGalleryOpen, isShareOpen, isDryRunOpen } = state.view;
      if (isHelpOpen || isEditorOpen || isGalleryOpen || isShareOpen || isDryRunOpen) return;
      const shortcut = findShortcut(event, state);
      if (shortcut === null) return;
      // Space would also scroll the page or press the focused button; a focused tab list would move.
      event.preventDefault();
      event.stopPropagation();
      shortcut.run(state, event);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [store]);
}
