import { describe, expect, it, vi } from 'vitest';
import {
  forgetSignOutPending,
  forgetWorkInProgress,
  isSignOutPending,
  onboardingDraftKey,
  readAnalystNotesDrafts,
  readChosenClients,
  readChosenJobs,
  readFilterEditDraft,
  readJobListPlace,
  readJobNotesDrafts,
  readRememberedBoardAddress,
  rememberAnalystNotesDraft,
  rememberBoardAddress,
  rememberChosenClients,
  rememberChosenJobs,
  rememberFilterEditDraft,
  rememberJobListPlace,
  rememberJobNotesDraft,
  rememberSignOutPending,
} from './storage.ts';

describe('job list places', () => {
  it('are read back per history entry, and forgotten when the list is at its top', () => {
    rememberJobListPlace('entry-a', 'job-1');
    rememberJobListPlace('entry-b', 'job-2');
    expect(readJobListPlace('entry-a')).toBe('job-1');
    expect(readJobListPlace('entry-b')).toBe('job-2');
    rememberJobListPlace('entry-a', null);
    expect(readJobListPlace('entry-a')).toBeNull();
    expect(readJobListPlace('entry-b')).toBe('job-2');
  });

  it('keep the 20 most recently scrolled entries', () => {
    for (let entry = 1; entry <= 21; entry += 1) rememberJobListPlace(`entry-${entry}`, `job-${entry}`);
    // Scrolling an old entry again makes it recent.
    rememberJobListPlace('entry-2', 'job-2b');
    rememberJobListPlace('entry-22', 'job-22');
    expect(readJobListPlace('entry-1')).toBeNull();
    expect(readJobListPlace('entry-3')).toBeNull();
    expect(readJobListPlace('entry-2')).toBe('job-2b');
    expect(readJobListPlace('entry-4')).toBe('job-4');
    expect(readJobListPlace('entry-22')).toBe('job-22');
  });

  it('read nothing from unreadable storage, and a failed write loses only the place', () => {
    sessionStorage.setItem('job-list:places', '{not json');
    expect(readJobListPlace('entry-a')).toBeNull();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => rememberJobListPlace('entry-a', 'job-1')).not.toThrow();
    expect(logged).toHaveBeenCalledWith(
      'Could not remember the place in the job list',
      expect.any(DOMException),
    );
  });
});

describe('the clients chosen on the board', () => {
  it('are read back as each recruiter kept them, and as none once the choice is cleared', () => {
    expect(readChosenClients('rae')).toEqual([]);
    rememberChosenClients('rae', [{ id: 'a' }, { id: 'b' }]);
    rememberChosenClients('sam', [{ id: 'c' }]);
    expect(readChosenClients('rae')).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(readChosenClients('sam')).toEqual([{ id: 'c' }]);
    rememberChosenClients('rae', []);
    expect(readChosenClients('rae')).toEqual([]);
    expect(sessionStorage.getItem('clients-board:chosen:rae')).toBeNull();
    expect(readChosenClients('sam')).toEqual([{ id: 'c' }]);
  });

  it('are none when what is stored cannot be read', () => {
    sessionStorage.setItem('clients-board:chosen:rae', '{not json');
    expect(readChosenClients('rae')).toEqual([]);
  });
});

describe('where the clients board was left', () => {
  it('is read back as each recruiter left it, and forgotten when left as the plain board', () => {
    expect(readRememberedBoardAddress('rae')).toBe('');
    rememberBoardAddress('rae', 'q=smith&page=3');
    rememberBoardAddress('sam', 'view=incomplete_onboarding');
    expect(readRememberedBoardAddress('rae')).toBe('q=smith&page=3');
    expect(readRememberedBoardAddress('sam')).toBe('view=incomplete_onboarding');
    rememberBoardAddress('rae', '');
    expect(readRememberedBoardAddress('rae')).toBe('');
    expect(sessionStorage.getItem('clients-board:address:rae')).toBeNull();
  });

  it('is nothing when what is stored cannot be read, or is not text', () => {
    sessionStorage.setItem('clients-board:address:rae', 'q=smith');
    expect(readRememberedBoardAddress('rae')).toBe('');
    sessionStorage.setItem('clients-board:address:rae', JSON.stringify({ q: 'smith' }));
    expect(readRememberedBoardAddress('rae')).toBe('');
  });
});

describe("a recruiter's clients board", () => {
  it("is left behind, search and chosen clients, when someone else signs in, and everyone's at sign-out", () => {
    rememberBoardAddress('rae', 'q=smith');
    rememberChosenClients('rae', [{ id: 'client-1' }]);
    rememberBoardAddress('sam', 'q=jones');
    rememberChosenClients('sam', [{ id: 'client-2' }]);
    forgetWorkInProgress('sam');
    expect(readRememberedBoardAddress('rae')).toBe('');
    expect(readChosenClients('rae')).toEqual([]);
    expect(readRememberedBoardAddress('sam')).toBe('q=jones');
    expect(readChosenClients('sam')).toEqual([{ id: 'client-2' }]);
    forgetWorkInProgress();
    expect(readRememberedBoardAddress('sam')).toBe('');
    expect(readChosenClients('sam')).toEqual([]);
  });
});

describe('unsaved job notes', () => {
  it('are kept per user and job with the saved notes they began from, and forgotten when saved or discarded', () => {
    rememberJobNotesDraft('ada', 'job-1', { text: 'Ask about the rota', before: '' });
    rememberJobNotesDraft('ada', 'job-2', { text: 'Referral: Dana, Sam', before: 'Referral: Dana' });
    rememberJobNotesDraft('bob', 'job-9', { text: 'Remote?', before: null });
    expect(readJobNotesDrafts('ada')).toEqual({
      'job-1': { text: 'Ask about the rota', before: '' },
      'job-2': { text: 'Referral: Dana, Sam', before: 'Referral: Dana' },
    });
    rememberJobNotesDraft('ada', 'job-1', null);
    expect(readJobNotesDrafts('ada')).toEqual({
      'job-2': { text: 'Referral: Dana, Sam', before: 'Referral: Dana' },
    });
    expect(readJobNotesDrafts('bob')).toEqual({ 'job-9': { text: 'Remote?', before: null } });
    expect(JSON.parse(sessionStorage.getItem('job-notes:draft:bob') ?? 'null')).toEqual({
      'job-9': { text: 'Remote?', before: null },
    });
  });

  it("go with everyone else's onboarding answers when someone signs in, and all of them at sign-out", () => {
    rememberJobNotesDraft('ada', 'job-1', { text: 'Ask about the rota', before: '' });
    rememberJobNotesDraft('bob', 'job-9', { text: 'Remote?', before: '' });
    sessionStorage.setItem(onboardingDraftKey('bob'), '{}');
    forgetWorkInProgress('ada');
    expect(readJobNotesDrafts('ada')).toEqual({ 'job-1': { text: 'Ask about the rota', before: '' } });
    expect(readJobNotesDrafts('bob')).toEqual({});
    expect(sessionStorage.getItem(onboardingDraftKey('bob'))).toBeNull();
    forgetWorkInProgress();
    expect(readJobNotesDrafts('ada')).toEqual({});
  });

  it('read as none when unreadable, and an earlier bare text as begun from notes not known', () => {
    sessionStorage.setItem('job-notes:draft:ada', '{not json');
    expect(readJobNotesDrafts('ada')).toEqual({});
    sessionStorage.setItem(
      'job-notes:draft:ada',
      JSON.stringify({
        'job-1': 3,
        'job-2': 'kept',
        'job-3': { text: 'whole', before: 'x' },
        'job-4': { text: 'no before' },
        'job-5': { text: 3, before: null },
      }),
    );
    expect(readJobNotesDrafts('ada')).toEqual({
      'job-2': { text: 'kept', before: null },
      'job-3': { text: 'whole', before: 'x' },
    });
  });
});

describe('unsaved analyst notes', () => {
  it('are kept per recruiter and job with the notes they began from, and forgotten when saved or dropped', () => {
    rememberAnalystNotesDraft('rae', 'job-1', { text: 'Call Dana', before: null });
    rememberAnalystNotesDraft('rae', 'job-2', { text: 'Sent CV twice', before: 'Sent CV' });
    rememberAnalystNotesDraft('sam', 'job-1', { text: 'Chase', before: null });
    expect(readAnalystNotesDrafts('rae')).toEqual({
      'job-1': { text: 'Call Dana', before: null },
      'job-2': { text: 'Sent CV twice', before: 'Sent CV' },
    });
    rememberAnalystNotesDraft('rae', 'job-1', null);
    expect(readAnalystNotesDrafts('rae')).toEqual({ 'job-2': { text: 'Sent CV twice', before: 'Sent CV' } });
    rememberAnalystNotesDraft('rae', 'job-2', null);
    expect(sessionStorage.getItem('analyst-notes:draft:rae')).toBeNull();
    expect(readAnalystNotesDrafts('sam')).toEqual({ 'job-1': { text: 'Chase', before: null } });
  });

  it('go with the other unsaved drafts when someone else signs in, and at sign-out', () => {
    rememberAnalystNotesDraft('rae', 'job-1', { text: 'Call Dana', before: null });
    rememberAnalystNotesDraft('sam', 'job-1', { text: 'Chase', before: null });
    forgetWorkInProgress('rae');
    expect(readAnalystNotesDrafts('rae')).toEqual({ 'job-1': { text: 'Call Dana', before: null } });
    expect(readAnalystNotesDrafts('sam')).toEqual({});
    forgetWorkInProgress();
    expect(readAnalystNotesDrafts('rae')).toEqual({});
  });

  it('read only whole drafts back', () => {
    sessionStorage.setItem(
      'analyst-notes:draft:rae',
      JSON.stringify({
        whole: { text: 'kept', before: 'x' },
        'no-before': { text: 'dropped' },
        'not-text': { text: 3, before: null },
        bare: 'dropped',
      }),
    );
    expect(readAnalystNotesDrafts('rae')).toEqual({ whole: { text: 'kept', before: 'x' } });
  });
});

describe('unsaved filter edits', () => {
  const edit = {
    fields: { name: 'Data', query: 'data', include: 'sql', exclude: '', minSalary: '9', isRemote: true },
    openedOn: 3,
  };

  it('are kept per recruiter and filter, forgotten when saved or cancelled, and read back only whole', () => {
    rememberFilterEditDraft('rae', 'filter-1', edit);
    rememberFilterEditDraft('rae', 'filter-2', { ...edit, openedOn: null });
    expect(readFilterEditDraft('rae', 'filter-1')).toEqual(edit);
    expect(readFilterEditDraft('sam', 'filter-1')).toBeUndefined();
    rememberFilterEditDraft('rae', 'filter-1', null);
    expect(readFilterEditDraft('rae', 'filter-1')).toBeUndefined();
    expect(readFilterEditDraft('rae', 'filter-2')).toEqual({ ...edit, openedOn: null });
    rememberFilterEditDraft('rae', 'filter-2', null);
    expect(sessionStorage.getItem('filter-edit:draft:rae')).toBeNull();
    sessionStorage.setItem(
      'filter-edit:draft:rae',
      JSON.stringify({ whole: edit, 'no-remote': { ...edit, fields: { ...edit.fields, isRemote: 'yes' } } }),
    );
    expect(readFilterEditDraft('rae', 'no-remote')).toBeUndefined();
    expect(readFilterEditDraft('rae', 'whole')).toEqual(edit);
  });

  it('go with the other unsaved drafts when someone else signs in, and at sign-out', () => {
    rememberFilterEditDraft('rae', 'filter-1', edit);
    rememberFilterEditDraft('sam', 'filter-1', edit);
    forgetWorkInProgress('rae');
    expect(readFilterEditDraft('rae', 'filter-1')).toEqual(edit);
    expect(readFilterEditDraft('sam', 'filter-1')).toBeUndefined();
    forgetWorkInProgress();
    expect(readFilterEditDraft('rae', 'filter-1')).toBeUndefined();
  });
});

describe('chosen jobs', () => {
  it('are kept per user and list, and forgotten when none are chosen', () => {
    rememberChosenJobs('ada', 'my-jobs', ['job-1', 'job-2']);
    rememberChosenJobs('rae', 'client:c1', ['job-7']);
    rememberChosenJobs('rae', 'client:c2', ['job-8']);
    expect(readChosenJobs('ada', 'my-jobs')).toEqual(['job-1', 'job-2']);
    expect(readChosenJobs('rae', 'client:c1')).toEqual(['job-7']);
    rememberChosenJobs('rae', 'client:c1', []);
    expect(readChosenJobs('rae', 'client:c1')).toEqual([]);
    expect(readChosenJobs('rae', 'client:c2')).toEqual(['job-8']);
    expect(readChosenJobs('ada', 'client:c2')).toEqual([]);
  });

  it('go with the rest of the work in progress when someone else signs in, and at sign-out', () => {
    rememberChosenJobs('ada', 'my-jobs', ['job-1']);
    rememberChosenJobs('bob', 'my-jobs', ['job-9']);
    forgetWorkInProgress('ada');
    expect(readChosenJobs('ada', 'my-jobs')).toEqual(['job-1']);
    expect(readChosenJobs('bob', 'my-jobs')).toEqual([]);
    forgetWorkInProgress();
    expect(readChosenJobs('ada', 'my-jobs')).toEqual([]);
  });

  it('read as none when not a list of ids', () => {
    sessionStorage.setItem('chosen-jobs:ada', JSON.stringify({ 'my-jobs': ['job-1', 2], other: ['job-3'] }));
    expect(readChosenJobs('ada', 'my-jobs')).toEqual([]);
    expect(readChosenJobs('ada', 'other')).toEqual(['job-3']);
  });
});

describe('a pending sign-out', () => {
  it('is kept for every tab until forgotten, and reads as none when storage is unreadable', () => {
    expect(isSignOutPending()).toBe(false);
    rememberSignOutPending();
    expect(isSignOutPending()).toBe(true);
    forgetSignOutPending();
    expect(isSignOutPending()).toBe(false);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(isSignOutPending()).toBe(false);
  });
});
