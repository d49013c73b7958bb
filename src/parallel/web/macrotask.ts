/**
 * Resolves in a later macrotask: a MessageChannel round trip, which lets queued messages (a
 * cancel, a click) in without setTimeout's clamping or its throttling in hidden tabs.
 */
export function macrotask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
