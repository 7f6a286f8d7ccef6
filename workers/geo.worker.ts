// Thin Comlink entry of the geo worker (browser). All logic lives in workers/geo.
import { expose, transfer } from 'comlink';
import { createGeoService } from './geo/service';

expose(createGeoService(transfer));
