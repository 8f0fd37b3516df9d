import { describe, expect, it } from 'vitest';
import { lessonRoomOf } from './useLessonRoom';

const base = { mayTakeRoom: true, isAsked: false, isLongStep: false, isUnfolded: false, isStage: true };

describe('lessonRoomOf (decision 0332)', () => {
  it('takes no room at the default text size, in a tall window or in presenter mode', () => {
    expect(lessonRoomOf({ ...base, mayTakeRoom: false, isAsked: true })).toBe('none');
    expect(lessonRoomOf({ ...base, mayTakeRoom: false, isLongStep: true })).toBe('none');
  });
  it('folds the stage for an open question until a person brings the map back', () => {
    expect(lessonRoomOf({ ...base, isAsked: true })).toBe('fold');
    expect(lessonRoomOf({ ...base, isAsked: true, isUnfolded: true })).toBe('wide');
  });
  it('widens only beside a view that has no map column to fold', () => {
    expect(lessonRoomOf({ ...base, isAsked: true, isStage: false })).toBe('wide');
  });
  it('widens for a step measured too long, and not for a short one', () => {
    expect(lessonRoomOf({ ...base, isLongStep: true })).toBe('wide');
    expect(lessonRoomOf(base)).toBe('none');
  });
});
