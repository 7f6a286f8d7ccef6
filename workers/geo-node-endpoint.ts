// Comlink endpoint over a Node MessagePort/Worker (the same shape as comlink's
// node-adapter, which ships no importable ESM path for plain Node resolution).
import type { Endpoint } from 'comlink';

interface NodePort {
  postMessage(message: unknown, transfer?: readonly unknown[]): void;
  on(type: 'message', listener: (data: unknown) => void): unknown;
  off(type: 'message', listener: (data: unknown) => void): unknown;
  start?: () => void;
}

type Handler = EventListenerOrEventListenerObject;

export function nodeEndpoint(port: NodePort): Endpoint {
  const listeners = new WeakMap<Handler, (data: unknown) => void>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => port.postMessage(message, transfer),
    addEventListener: (_type: string, handler: Handler) => {
      const l = (data: unknown) => {
        const ev = { data } as MessageEvent;
        if (typeof handler === 'function') handler(ev);
        else handler.handleEvent(ev);
      };
      port.on('message', l);
      listeners.set(handler, l);
    },
    removeEventListener: (_type: string, handler: Handler) => {
      const l = listeners.get(handler);
      if (!l) return;
      port.off('message', l);
      listeners.delete(handler);
    },
    start: port.start?.bind(port),
  };
}
