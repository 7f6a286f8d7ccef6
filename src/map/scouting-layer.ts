// The scouting records' map layer (issue 36): one icon per issue category (the icon the admin chose for it in
// the "scouting issues" list), coloured by severity, drawn above the trees. Icons are small inline SVGs
// (data: URLs, allowed by the CSP's img-src) packed by deck.gl's IconLayer.
import { IconLayer } from '@deck.gl/layers';
import type { Layer } from '@deck.gl/core';
import type { IssueIcon } from '../domain/scouting-rules';

const GLYPH: Record<IssueIcon, string> = {
  bug: '<ellipse cx="16" cy="18" rx="6" ry="8"/><path d="M16 10v16M10 14l-4-3M22 14l4-3M10 20H5M22 20h5M11 25l-4 3M21 25l4 3"/>',
  disease: '<path d="M8 24C8 12 16 7 25 7c0 10-6 17-17 17z"/><circle cx="15" cy="16" r="2"/><circle cx="19" cy="12" r="1.5"/>',
  leak: '<path d="M16 6s7 8 7 13a7 7 0 0 1-14 0c0-5 7-13 7-13z"/>',
  branch: '<path d="M6 26L26 6M14 18l-6-2M19 13l1-7M12 20l4 4"/>',
  missing: '<circle cx="16" cy="16" r="9" stroke-dasharray="3 3"/>',
  frost: '<path d="M16 5v22M6.5 10.5l19 11M6.5 21.5l19-11M13 7l3 3 3-3M13 25l3-3 3 3"/>',
  other: '<path d="M10 27V6M10 7h13l-3 5 3 5H10"/>',
};
const SEVERITY_COLOUR = ['#1565c0', '#ef6c00', '#c62828'];

const svg = (icon: IssueIcon, severity: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#fff" stroke="${
    SEVERITY_COLOUR[Math.min(2, Math.max(0, severity - 1))]
  }" stroke-width="2.5"/><g fill="none" stroke="#222" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${GLYPH[icon]}</g></svg>`;

const urls = new Map<string, string>();
export function issueIconUrl(icon: IssueIcon, severity: number): string {
  const key = `${icon}:${severity}`;
  let u = urls.get(key);
  if (!u) urls.set(key, (u = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg(icon, severity))}`));
  return u;
}

export interface ScoutingMark {
  id: string;
  lon: number;
  lat: number;
  icon: IssueIcon;
  severity: number;
  /** Waiting in the outbox (not on the server yet): drawn faded. */
  waiting: boolean;
}

export function scoutingLayer(marks: readonly ScoutingMark[]): Layer {
  return new IconLayer<ScoutingMark>({
    id: 'scouting-records',
    data: marks,
    getPosition: (d) => [d.lon, d.lat],
    getIcon: (d) => ({ url: issueIconUrl(d.icon, d.severity), width: 64, height: 64, id: `${d.icon}:${d.severity}`, mask: false }),
    getSize: 26,
    sizeUnits: 'pixels',
    getColor: (d) => [255, 255, 255, d.waiting ? 140 : 255],
    pickable: false,
  });
}
