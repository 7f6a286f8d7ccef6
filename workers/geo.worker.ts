// Thin Comlink entry of the geo worker (browser). All logic lives in workers/geo; the kept surveys' read is the
// device store's (src/offline/surveys/kept-read.ts).
import { expose, transfer } from 'comlink';
import { createGeoService } from './geo/service';
import { readKeptMap } from '../src/offline/surveys/kept-read';

expose(createGeoService(transfer, { readKept: readKeptMap }));
