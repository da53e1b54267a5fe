import { describe, expect, it } from 'vitest';
import { rememberBoardAddress } from '../../lib/storage.ts';
import { lastBoardPath, readBoardAddress, writeBoardAddress } from './board-address.ts';

const read = (search: string) => readBoardAddress(new URLSearchParams(search));

describe('the clients board in the address', () => {
  it('starts from the plain board: every client, most recently active first, page 1', () => {
    expect(read('')).toEqual({ sort: 'last_active', dir: 'desc', page: 1 });
    expect(writeBoardAddress(read('')).toString()).toBe('');
  });

  it('reads the search, view, sort and page, and writes them back the same', () => {
    const search = 'q=smith&view=incomplete_onboarding&sort=jobs&dir=asc&page=3';
    expect(read(search)).toEqual({
      q: 'smith',
      view: 'incomplete_onboarding',
      sort: 'jobs',
      dir: 'asc',
      page: 3,
    });
    expect(writeBoardAddress(read(search)).toString()).toBe(search);
  });

  it('falls back to the default for each value the board would refuse, keeping the others', () => {
    expect(read('q=ann&view=everyone&sort=salary&dir=up&page=-2')).toEqual({
      q: 'ann',
      sort: 'last_active',
      dir: 'desc',
      page: 1,
    });
    expect(read(`page=2&q=${'x'.repeat(201)}`)).toEqual({ sort: 'last_active', dir: 'desc', page: 2 });
  });

  it('leaves out the defaults and an empty search', () => {
    expect(writeBoardAddress({ q: '', sort: 'last_active', dir: 'asc', page: 1 }).toString()).toBe('dir=asc');
  });

  it('leads back to the board as the recruiter last left it in the tab, or to the plain board', () => {
    expect(lastBoardPath('rae')).toBe('/admin');
    rememberBoardAddress('rae', 'q=smith&view=incomplete_onboarding&page=3');
    expect(lastBoardPath('rae')).toBe('/admin?q=smith&view=incomplete_onboarding&page=3');
    // Another recruiter's board is theirs alone.
    expect(lastBoardPath('sam')).toBe('/admin');
    // Left as the plain board: the plain board.
    rememberBoardAddress('rae', '');
    expect(lastBoardPath('rae')).toBe('/admin');
  });

  it('leads only to a board the API would accept, whatever the tab kept', () => {
    sessionStorage.setItem('clients-board:address:rae', JSON.stringify('view=everyone&page=2&token=secret'));
    expect(lastBoardPath('rae')).toBe('/admin?page=2');
    sessionStorage.setItem('clients-board:address:rae', '{not json');
    expect(lastBoardPath('rae')).toBe('/admin');
  });
});
