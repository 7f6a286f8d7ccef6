import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICES, projectServices, type Service } from './projects-services';

const keys = (s: Service[]) => s.map((x) => ('key' in x ? x.key : `"${x.label}"`));

describe('projectServices (client.md §4)', () => {
  it('uses the services list first', () => {
    expect(projectServices({ services: ['Drone scan', ' '], products: [1], crop_type: 'Olive' })).toEqual([{ label: 'Drone scan' }]);
  });

  it('maps product ids 1–5, as numbers or numeric strings, skipping unknown ids and repeats', () => {
    expect(keys(projectServices({ products: [1, 2, 3, 4, 5] }))).toEqual(['aerial', 'biomass', 'treeStatus', 'growth', 'quality']);
    expect(keys(projectServices({ products: ['3', 3, 9] }))).toEqual(['treeStatus']);
  });

  it('maps the product codes our database stores; an unknown code is shown as written', () => {
    expect(keys(projectServices({ products: ['npk_analysis', 'tree_status', 'canopy_diameter'] }))).toEqual(['npk', 'treeStatus', 'canopy']);
    expect(keys(projectServices({ products: ['Soil sampling'] }))).toEqual(['"Soil sampling"']);
  });

  it('falls back to the crop type', () => {
    expect(keys(projectServices({ products: [], crop_type: 'Avocado' }))).toEqual(['aerial', 'biomass', 'treeStatus']);
    expect(keys(projectServices({ products: [99], crop_type: 'Date Palm' }))).toEqual(['aerial', 'biomass']);
    expect(keys(projectServices({ crop_type: 'Palm' }))).toEqual(['aerial', 'biomass']);
    expect(keys(projectServices({ crop_type: 'olive' }))).toEqual(['aerial', 'treeStatus']);
    expect(keys(projectServices({ crop_type: 'Avocado, Olive' }))).toEqual(['aerial', 'biomass', 'treeStatus']);
  });

  it('defaults to aerial, biomass and tree status', () => {
    expect(keys(projectServices({ crop_type: 'Lemon' }))).toEqual(DEFAULT_SERVICES);
    expect(keys(projectServices({}))).toEqual(DEFAULT_SERVICES);
    expect(keys(projectServices({ services: null, products: null, crop_type: null }))).toEqual(DEFAULT_SERVICES);
  });
});
