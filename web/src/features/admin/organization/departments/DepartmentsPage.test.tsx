import { createEvent, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { page, renderPage, signIn } from '../../../../test/fixtures.tsx';
import type { Department } from '../organization-api.ts';
import { DepartmentsPage } from './DepartmentsPage.tsx';

const ENG = '0190a000-0000-7000-8000-0000000000f1';
const PLATFORM = '0190a000-0000-7000-8000-0000000000f2';
const SALES = '0190a000-0000-7000-8000-0000000000f3';

const dept = (id: string, name: string, parent: string | null = null): Department => ({
  id,
  organization_id: 'org',
  parent_department_id: parent,
  name,
  description: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
});

let fake: FakeClient;
let departments: Department[];

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  departments = [dept(ENG, 'Engineering'), dept(PLATFORM, 'Platform', ENG), dept(SALES, 'Sales')];
  fake.on('GET', '/v1/organization/departments', () => page(departments));
  fake.on('PATCH', '/v1/organization/departments/{departmentId}', (init: CallInit) => {
    const id = init.params?.path?.departmentId;
    departments = departments.map((d) => (d.id === id ? { ...d, ...(init.body as object) } : d));
    return ok(departments.find((d) => d.id === id));
  });
});

const open = () =>
  renderPage(fake, '/admin/organization/departments', '/admin/organization/departments', <DepartmentsPage />);
const row = async (name: string) => (await screen.findByText(name, { selector: 'span' })).parentElement!;

/** A drag of one row onto another, as the browser fires it (jsdom has no DataTransfer of its own). */
function drag(from: HTMLElement, to: HTMLElement) {
  const data = new Map<string, string>();
  const dataTransfer = {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    effectAllowed: 'all',
    dropEffect: 'none',
  };
  fireEvent.dragStart(from, { dataTransfer });
  const over = createEvent.dragOver(to, { dataTransfer });
  fireEvent(to, over);
  fireEvent.drop(to, { dataTransfer });
  fireEvent.dragEnd(from, { dataTransfer });
  return over.defaultPrevented;
}

describe('DepartmentsPage', () => {
  it('shows the departments as a tree', async () => {
    open();
    const tree = await screen.findByRole('list', { name: 'Departments' });
    const top = within(tree)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === tree);
    expect(top.map((item) => item.querySelector('span + span')?.textContent)).toEqual(['Engineering', 'Sales']);
    expect(within(top[0]!).getByText('Platform')).toBeInTheDocument();
  });

  it('moves a department by dragging it onto another, and refuses a drop under its own', async () => {
    open();
    // Engineering cannot go under Platform, its own child: the row does not take the drop.
    expect(drag(await row('Engineering'), await row('Platform'))).toBe(false);
    expect(fake.api.PATCH).not.toHaveBeenCalled();

    expect(drag(await row('Platform'), await row('Sales'))).toBe(true);
    expect(await screen.findByRole('status')).toHaveTextContent('Moved Platform under Sales.');
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/organization/departments/{departmentId}', {
      params: { path: { departmentId: PLATFORM } },
      body: { parent_department_id: SALES },
    });
  });

  it('moves from the keyboard with Change and its picker, which leaves out the department and its own', async () => {
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Change Engineering' }));
    const editor = screen.getByRole('region', { name: 'Change Engineering' });
    const picker = within(editor).getByRole('combobox', { name: 'Part of' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nothing: a top-level department', 'Sales']);
    await person.selectOptions(picker, SALES);
    await person.click(within(editor).getByRole('button', { name: 'Save department' }));
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/organization/departments/{departmentId}', {
      params: { path: { departmentId: ENG } },
      body: { name: 'Engineering', description: null, parent_department_id: SALES },
    });
  });

  it('creates one under a parent, and shows why a delete is refused', async () => {
    fake.on('POST', '/v1/organization/departments', (init: CallInit) => {
      const made = { ...dept('0190a000-0000-7000-8000-0000000000f4', ''), ...(init.body as object) };
      departments = [...departments, made];
      return ok(made, 201);
    });
    fake.on(
      'DELETE',
      '/v1/organization/departments/{departmentId}',
      fail(409, 'department_has_children', 'The department has child departments; move or delete them first'),
    );
    open();
    const person = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'New department' });
    await person.click(within(form).getByRole('button', { name: 'Create department' }));
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    await person.type(within(form).getByRole('textbox', { name: 'Name' }), 'Kernel');
    await person.selectOptions(within(form).getByRole('combobox', { name: 'Part of' }), PLATFORM);
    await person.click(within(form).getByRole('button', { name: 'Create department' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Created Kernel.');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/departments', {
      body: { name: 'Kernel', description: null, parent_department_id: PLATFORM },
    });
    expect(await screen.findByText('Kernel', { selector: 'span' })).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Delete Engineering' }));
    await person.click(screen.getByRole('button', { name: 'Delete department' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('move or delete them first');
  });
});
