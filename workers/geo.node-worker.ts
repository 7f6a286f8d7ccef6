// The same worker for Node worker_threads (tests, and the server if it wants
// the geo core off its event loop).
import { parentPort } from 'node:worker_threads';
import { expose, transfer } from 'comlink';
import { nodeEndpoint } from './geo-node-endpoint';
import { createGeoService } from './geo/service';

if (!parentPort) throw new Error('geo.node-worker must run in a worker thread');
expose(createGeoService(transfer), nodeEndpoint(parentPort));
