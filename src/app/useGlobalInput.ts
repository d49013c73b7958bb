/**
 * Page-wide input: a file dropped anywhere, text pasted outside a field, and the keyboard
 * shortcuts (Ctrl/Cmd+Enter fits from anywhere, Escape cancels a running fit or per-group batch).
 */
import { useEffect } from 'react';
import { getState } from '../state';
import { loadText } from '../state/actions/data';
import { cancelFit, runFit } from '../state/actions/fit';
import { cancelGroupFits } from '../state/actions/batch';
import { setDragging } from '../state/actions/settings';
import { openFile } from './share/openFile';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

function isEditable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

export function useGlobalInput(): void {
  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (file) void openFile(file, file.name);
    };
    const paste = (e: ClipboardEvent) => {
      if (isEditable(e.target)) return;
      const file = e.clipboardData?.files[0];
      if (file) {
        e.preventDefault();
        void openFile(file, file.name || 'Pasted file');
        return;
      }
      const text = e.clipboardData?.getData('text/plain') ?? '';
      if (text.trim() === '') return;
      e.preventDefault();
      void loadText(text);
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        void runFit();
      } else if (e.key === 'Escape' && getState().fitStatus === 'running') {
        cancelFit();
      } else if (e.key === 'Escape' && getState().batchStatus === 'running') {
        cancelGroupFits();
      }
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    document.addEventListener('paste', paste);
    document.addEventListener('keydown', key);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
      document.removeEventListener('paste', paste);
      document.removeEventListener('keydown', key);
    };
  }, []);
}
