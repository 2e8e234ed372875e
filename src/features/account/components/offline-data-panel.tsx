/**
 * 'Offline data' in the portal: what the site keeps on this device so pages
 * open with no signal, how much space it takes, when it was saved (UK time),
 * and 'Remove from this device', which clears it all but the site itself.
 * Loaded only on the portal (lazy), as it reads IndexedDB and the caches.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { formatSavedAt } from '@/domain/format';
import { once } from '@/domain/once';
import { readDeviceData, removeDeviceData, type DeviceData } from '@/lib/device-storage';

const sizeFormat = once(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }));

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat().format(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${sizeFormat().format(bytes / (1024 * 1024))} MB`;
  return `${sizeFormat().format(bytes / (1024 * 1024 * 1024))} GB`;
}

export default function OfflineDataPanel() {
  const id = useId();
  const [data, setData] = useState<DeviceData | null>(null);
  const [removing, setRemoving] = useState(false);
  const [note, setNote] = useState('');

  const refresh = useCallback(() => readDeviceData().then(setData), []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function remove() {
    setRemoving(true);
    try {
      await removeDeviceData();
      setNote('Removed from this device. Pages you open from now on are saved again.');
    } catch {
      setNote('Some saved data could not be removed. Please try again.');
    } finally {
      await refresh();
      setRemoving(false);
    }
  }

  const kept = data ? [...data.saved, ...data.cached] : [];
  return (
    <section className="portal-panel offline-data" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Offline data</h2>
      <p>So pages open where there is no signal, this site keeps a copy of what you have viewed on this device.</p>
      {!data ? (
        <p>Checking this device…</p>
      ) : (
        <>
          {kept.length > 0 ? (
            <ul className="offline-data-list" aria-label="Kept on this device">
              {kept.map((item) => (
                <li key={item.label}>
                  {item.label}: {item.count}
                </li>
              ))}
            </ul>
          ) : (
            <p>Nothing you have viewed is kept on this device.</p>
          )}
          {data.savedAt !== null && <p>Saved {formatSavedAt(data.savedAt)}.</p>}
          {data.usedBytes !== null && (
            <p>
              Space used by this site, including the site itself{data.appShellFiles > 0 ? ` (${data.appShellFiles} files)` : ''}: {formatBytes(data.usedBytes)}
              {data.quotaBytes ? ` of ${formatBytes(data.quotaBytes)} available` : ''}.
            </p>
          )}
          <p>{data.persistent ? 'Your browser keeps it until you remove it.' : 'Your browser may clear it if the device runs short of space.'}</p>
        </>
      )}
      <button type="button" className="button" onClick={() => void remove()} disabled={removing || !data}>
        {removing ? 'Removing…' : 'Remove from this device'}
      </button>
      <p role="status" className="offline-data-note">
        {note}
      </p>
    </section>
  );
}
