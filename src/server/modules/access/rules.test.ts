import { describe, expect, it } from 'vitest';
import {
  canEditKlip,
  canEditTrainedModel,
  canReadKlip,
  canSeeTrainedModel,
  canUseTrainedModel,
  canUseUpload,
  trainedModelListScope,
  type Viewer,
} from './rules.ts';

const owner: Viewer = { id: 'owner', isSuperAdmin: false };
const stranger: Viewer = { id: 'stranger', isSuperAdmin: false };
const admin: Viewer = { id: 'admin', isSuperAdmin: true };
const viewers = { visitor: null, owner, stranger, admin } as const;
type Who = keyof typeof viewers;

const privateRow = { ownerId: 'owner', isPublic: false };
const publicRow = { ownerId: 'owner', isPublic: true };

function allowed(rule: (viewer: Viewer | null) => boolean): Who[] {
  return (Object.keys(viewers) as Who[]).filter((who) => rule(viewers[who]));
}

describe('access rules', () => {
  it('klips: public ones for everyone, private ones for the owner and super admins', () => {
    expect(allowed((v) => canReadKlip(v, publicRow))).toEqual(['visitor', 'owner', 'stranger', 'admin']);
    expect(allowed((v) => canReadKlip(v, privateRow))).toEqual(['owner', 'admin']);
  });

  it('klips are tagged and published by their owner and super admins only, public or not', () => {
    expect(allowed((v) => canEditKlip(v, publicRow))).toEqual(['owner', 'admin']);
    expect(allowed((v) => canEditKlip(v, privateRow))).toEqual(['owner', 'admin']);
  });

  it('trained models are seen like klips', () => {
    expect(allowed((v) => canSeeTrainedModel(v, publicRow))).toEqual(['visitor', 'owner', 'stranger', 'admin']);
    expect(allowed((v) => canSeeTrainedModel(v, privateRow))).toEqual(['owner', 'admin']);
  });

  it('a private trained model generates for its owner and super admins; a public one for everyone', () => {
    expect(allowed((v) => canUseTrainedModel(v, privateRow))).toEqual(['owner', 'admin']);
    expect(allowed((v) => canUseTrainedModel(v, publicRow))).toEqual(['visitor', 'owner', 'stranger', 'admin']);
  });

  it('whoever sees a trained model may use it, and a model list shows exactly those', () => {
    const rows = [privateRow, publicRow, { ownerId: 'stranger', isPublic: false }, { ownerId: null, isPublic: false }];
    for (const who of Object.keys(viewers) as Who[]) {
      const viewer = viewers[who];
      const scope = trainedModelListScope(viewer);
      for (const row of rows) {
        const listed = 'all' in scope || row.isPublic || (scope.publicOrOwnedBy !== null && row.ownerId === scope.publicOrOwnedBy);
        expect(canUseTrainedModel(viewer, row), `${who} uses ${JSON.stringify(row)}`).toBe(canSeeTrainedModel(viewer, row));
        expect(listed, `${who} lists ${JSON.stringify(row)}`).toBe(canSeeTrainedModel(viewer, row));
      }
    }
  });

  it('only the owner and super admins change a model’s visibility, public or not', () => {
    expect(allowed((v) => canEditTrainedModel(v, publicRow))).toEqual(['owner', 'admin']);
    expect(allowed((v) => canEditTrainedModel(v, privateRow))).toEqual(['owner', 'admin']);
  });

  it('an upload is usable by its uploader alone, super admins included', () => {
    expect(allowed((v) => canUseUpload(v, { ownerId: 'owner' }))).toEqual(['owner']);
  });

  it('model lists show everything to super admins, public and own models to others', () => {
    expect(trainedModelListScope(admin)).toEqual({ all: true });
    expect(trainedModelListScope(owner)).toEqual({ publicOrOwnedBy: 'owner' });
    expect(trainedModelListScope(null)).toEqual({ publicOrOwnedBy: null });
  });
});
