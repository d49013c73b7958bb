/** Drag a file anywhere over the page: the overlay says where it goes. */
import { useApp } from '../../state';

export function DropOverlay() {
  const dragging = useApp((s) => s.dragging);
  if (!dragging) return null;
  return (
    <div className="drop-overlay" data-testid="drop-overlay">
      <div className="drop-overlay-box">Drop the file to load it</div>
    </div>
  );
}
