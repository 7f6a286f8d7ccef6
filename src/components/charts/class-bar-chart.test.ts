import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { barShares } from '../../domain/statistics-charts';
import { ClassBarChart } from './class-bar-chart';

describe('class bar chart', () => {
  it('draws each class as long as its share of the largest count and writes the count out in full', () => {
    const data = [
      { label: 'Low', count: 0, colour: '#d73027' },
      { label: 'Optimal', count: 512_533, colour: '#1a9850' },
      { label: 'High', count: 1_025_066, colour: '#4575b4' },
    ];
    const html = renderToStaticMarkup(createElement(ClassBarChart, { title: 'N', data, locale: 'en', countLabel: 'Trees' }));
    expect([...html.matchAll(/inline-size:([\d.]+)%/g)].map((m) => Number(m[1]))).toEqual([0, 50, 100]);
    expect([...html.matchAll(/data-count="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([0, 512_533, 1_025_066]);
    expect(html).toContain('>1,025,066<');
  });

  it('has no bar length when every count is 0 (an empty plot)', () => {
    expect(
      barShares([
        { label: 'a', count: 0, colour: '' },
        { label: 'b', count: 0, colour: '' },
      ]),
    ).toEqual([0, 0]);
  });
});
