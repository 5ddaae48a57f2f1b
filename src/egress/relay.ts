// Copying bytes between two Bun sockets, both ways, with back-pressure: what the egress proxy does
// once it let a connection through, and what the network namespace's forwarder does for every
// connection. Bun's own sockets, not node:net streams: each chunk goes straight to the peer's
// write, and only what the kernel did not take is kept (bench egress: about twice the throughput
// of stream pipes). Self-contained on purpose: the forwarder runs it from its source text
// (src/tools/sandbox/network.ts), so it may use nothing but globals.

/** What each relayed socket carries: its peer, once connected, and what it could not write yet. */
export interface RelayEnd {
  peer?: RelaySocket;
  /** Bytes for this socket that its last write did not take; the peer is paused meanwhile. */
  pending: Buffer | null;
  /** Bytes that arrived before the peer was connected. */
  early: Buffer[];
  /** The peer is gone: end once `pending` is written. */
  ending?: boolean;
}

/** The part of a Bun socket the relay uses. */
export interface RelaySocket {
  data: RelayEnd;
  write(data: Uint8Array): number;
  end(): void;
  pause(): void;
  resume(): void;
}

/** Handlers for Bun.listen / Bun.connect that relay `data` to `socket.data.peer`. */
export function relayHandlers() {
  // The peer ends too, once it has written what is still pending for it.
  const endPeer = (socket: RelaySocket) => {
    const peer = socket.data.peer;
    if (!peer) return;
    if (peer.data.pending) peer.data.ending = true;
    else peer.end();
  };
  const forward = (socket: RelaySocket, chunk: Uint8Array) => {
    const peer = socket.data.peer;
    if (!peer) {
      socket.data.early.push(Buffer.from(chunk));
      return;
    }
    if (peer.data.pending) {
      peer.data.pending = Buffer.concat([peer.data.pending, chunk]);
      socket.pause();
      return;
    }
    const written = Math.max(peer.write(chunk), 0);
    if (written < chunk.length) {
      // The chunk's memory is Bun's again after this call: keep a copy of the rest.
      peer.data.pending = Buffer.from(chunk.subarray(written));
      socket.pause();
    }
  };
  return {
    data: forward,
    drain(socket: RelaySocket) {
      const pending = socket.data.pending;
      if (pending) {
        const written = Math.max(socket.write(pending), 0);
        socket.data.pending = written < pending.length ? Buffer.from(pending.subarray(written)) : null;
        if (socket.data.pending) return;
      }
      if (socket.data.ending) socket.end();
      else socket.data.peer?.resume();
    },
    /** Connects `socket` to `peer` both ways and hands over what arrived meanwhile. */
    link(socket: RelaySocket, peer: RelaySocket) {
      socket.data.peer = peer;
      peer.data.peer = socket;
      for (const chunk of socket.data.early.splice(0)) forward(socket, chunk);
    },
    close: endPeer,
    end: endPeer,
    error: endPeer,
  };
}

export const relayEnd = (): RelayEnd => ({ pending: null, early: [] });
