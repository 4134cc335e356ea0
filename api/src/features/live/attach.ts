import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { LIVE_CLOSE, LIVE_PATH } from '@taktwerk/common';
import { WebSocketServer } from 'ws';
import type { AppDeps } from '../../context';
import type { Metrics } from '../../metrics';
import type { IngestListener } from '../ingest/listeners';
import { LiveConnection, type ConnectionContext } from './connection';
import { LiveHub } from './hub';
import { originAllowed } from './origin';
import { LiveBridge } from './redis-bridge';
import { toSeries } from './series';

/** Client messages are small (auth, subscribe); anything larger is refused by ws with close code 1009. */
const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;

export interface LiveStats {
  /** Sockets being served (not closing). */
  sockets: number;
  /** Bytes queued for sending over all sockets (bounded by the slow-consumer rule). */
  bufferedBytes: number;
}

export interface LiveHandle {
  /** Register in `deps.ingestListeners`: publishes each committed batch to every replica. */
  onIngested: IngestListener;
  stats(): LiveStats;
  /** Closes every socket with 1001 and stops listening; for graceful shutdown. */
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

const pathOf = (url: string | undefined) => new URL(url ?? '/', 'http://localhost').pathname;

/** Serves live data at LIVE_PATH on the api's HTTP server (issue 5 item 4; contract in common/src/live-contract.ts). */
export function attachLive(server: Server, deps: AppDeps, metrics: Metrics): LiveHandle {
  const { env } = deps;
  const hub = new LiveHub(env.LIVE_COALESCE_MS, {
    join: (orgId) => bridge.join(orgId),
    leave: (orgId) => bridge.leave(orgId),
  });
  const bridge = new LiveBridge(deps.redis, deps.logger, {
    batch: (orgId, machineId, series) => hub.deliver(orgId, machineId, series),
    sessionsEnded: (sessionIds) => hub.endSessions(sessionIds, LIVE_CLOSE.unauthorized, 'session ended'),
  });
  const ctx: ConnectionContext = {
    deps,
    hub,
    settings: { authTimeoutMs: env.LIVE_AUTH_TIMEOUT_MS, maxBufferedBytes: env.LIVE_MAX_BUFFERED_BYTES },
    onDropped: (reason) => metrics.liveDropped.inc({ reason }),
  };
  const connections = new Set<LiveConnection>();
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false, maxPayload: MAX_CLIENT_MESSAGE_BYTES });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(req.url) !== LIVE_PATH) return refuse(socket, 404, 'Not Found');
    if (!originAllowed(req.headers.origin, req.headers.host, env.PUBLIC_URL)) return refuse(socket, 403, 'Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new LiveConnection(ws, ctx);
      connections.add(connection);
      metrics.liveSockets.inc();
      void connection.closed.then(() => {
        connections.delete(connection);
        metrics.liveSockets.dec();
      });
    });
  };
  server.on('upgrade', onUpgrade);
  const heartbeat = setInterval(() => {
    for (const connection of connections) connection.heartbeat();
  }, env.LIVE_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    onIngested(batch) {
      const series = toSeries(batch.points);
      hub.deliver(batch.orgId, batch.machineId, series);
      bridge.publish(batch.orgId, batch.machineId, series);
    },
    stats() {
      let sockets = 0;
      let bufferedBytes = 0;
      for (const connection of connections) {
        if (connection.serving) sockets += 1;
        bufferedBytes += connection.bufferedAmount;
      }
      return { sockets, bufferedBytes };
    },
    async close() {
      server.off('upgrade', onUpgrade);
      clearInterval(heartbeat);
      hub.close();
      const open = [...connections];
      for (const connection of open) connection.end(1001, 'server shutting down');
      await Promise.all(open.map((connection) => connection.closed));
      wss.close();
      await bridge.close();
    },
  };
}
