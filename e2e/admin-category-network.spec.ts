import type { CategoryNetwork } from '@maktaba/shared/schemas/category-network';
import { expect, test } from './auth-fixtures';
import { openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

test.describe('category network explorer', () => {
  test('an admin sees the graph, finds a category, walks it from the keyboard, opens panels and reads it as tables', async ({
    page,
    t,
    lang,
    signInAs,
  }) => {
    test.setTimeout(90_000);
    await signInAs('admin');
    const answer = await page.request.get('/api/admin/category-network');
    expect(answer.status()).toBe(200);
    const network = (await answer.json()) as CategoryNetwork;
    expect(network.nodes.length).toBeGreaterThan(2);
    const nameOf = (node: CategoryNetwork['nodes'][number]) => (lang === 'ar' ? node.nameAr : node.nameEn);
    const names = network.nodes.map(nameOf);

    await openApp(page, '/admin/category-network-explorer');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.admin.categoryNetworkExplorer);

    // The graph is drawn (cytoscape's canvases) and the counts name every category.
    const graph = page.getByRole('application', { name: t.categoryNetwork.graph.label });
    await expect(graph.locator('canvas').first()).toBeVisible();
    const counts = page.getByTestId('network-counts');
    await expect(counts).toHaveAttribute('data-nodes', String(network.nodes.length));
    await expect(counts).toContainText(new Intl.NumberFormat(lang).format(network.nodes.length));

    // Search by name in the page's language: the category is selected and its panel shows it.
    const shared = network.edges.find((edge) => edge.kind === 'shared') ?? network.edges[0];
    const target = network.nodes.find((node) => node.id === shared?.source) ?? network.nodes[0];
    if (!target) throw new Error('no category');
    await page.getByLabel(t.categoryNetwork.search.label, { exact: true }).fill(nameOf(target));
    await page.getByLabel(t.categoryNetwork.search.label, { exact: true }).press('Enter');
    const panelName = page.getByTestId('category-panel-name');
    await expect(panelName).toHaveText(nameOf(target));
    const announcer = page.getByTestId('network-announcer');
    await expect(announcer).toContainText(nameOf(target));
    await expect(
      page.getByTestId('category-panel').getByRole('link', { name: t.categoryNetwork.panel.edit }),
    ).toHaveAttribute('href', '/admin/book-catalog?tab=categories');
    await expect(page.getByTestId('category-panel-connected').getByRole('button').first()).toBeVisible();

    // The keyboard: focus shows the instructions; an arrow announces another category; Enter opens its panel.
    await graph.focus();
    await expect(page.getByTestId('network-instructions')).toHaveText(t.categoryNetwork.graph.instructions);
    const before = await announcer.textContent();
    for (const key of ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp']) {
      await page.keyboard.press(key);
      if ((await announcer.textContent()) !== before) break;
    }
    await expect(announcer).not.toHaveText(before ?? '');
    const announced = (await announcer.textContent()) ?? '';
    const moved = names.find((name) => announced.startsWith(`${name}:`));
    expect(moved, announced).toBeDefined();
    await page.keyboard.press('Enter');
    await expect(panelName).toHaveText(moved ?? '');
    await expect(panelName).toBeFocused();
    await expectNoAxeViolations(page);

    // Shared edges at a higher minimum: never more connections than before.
    await page.getByLabel(t.categoryNetwork.minShared).selectOption('2');
    await expect(counts).toHaveAttribute('data-nodes', String(network.nodes.length));

    // The same network as tables: one row per category.
    await page.getByRole('button', { name: t.categoryNetwork.showTable }).click();
    await expect(page.getByTestId('network-node-row')).toHaveCount(network.nodes.length);
    await page
      .getByRole('table', { name: t.categoryNetwork.table.nodesCaption })
      .getByRole('button', { name: t.categoryNetwork.table.books })
      .click();
    await expect(page.getByTestId('network-node-row').first().getByRole('button')).toBeVisible();
    await expectNoAxeViolations(page);

    // On a phone the panel is a sheet: choosing a category in the table opens it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByTestId('network-nodes-table')
      .getByRole('button', { name: nameOf(target), exact: true })
      .click();
    const sheet = page.getByTestId('category-sheet');
    await expect(sheet.getByTestId('category-panel-name')).toHaveText(nameOf(target));
    await sheet.getByRole('button', { name: t.categoryNetwork.panel.close }).click();
    await expect(sheet).toBeHidden();
    await page.getByRole('button', { name: t.categoryNetwork.showGraph }).click();
    await expect(graph.locator('canvas').first()).toBeVisible();
  });
});
