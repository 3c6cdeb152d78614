import {
  index,
  layout,
  route,
  type RouteConfig,
} from '@react-router/dev/routes'

// The route table of spec §2, listed explicitly (style.md: no file-name conventions).
// Route ids are the spec's route names; breadcrumbs and the side menu read them.
export default [
  route('complaint-entry', 'routes/complaint/entry.tsx'),
  // The staff console: its own pages and layout, never the portal's (docs/api/staff-api.md).
  route('admin/login', 'routes/console/sign-in.tsx', { id: 'admin/login' }),
  route('admin/setup', 'routes/console/account-setup.tsx', {
    id: 'admin/setup',
  }),
  // A revision as the public page will show it: the portal's look, not the console's frame;
  // still under /admin, so never cached or indexed (server/pages/page-routes.ts).
  route(
    'admin/content/:id/preview/:revisionNo',
    'routes/console/content-preview.tsx',
    { id: 'admin/content-preview' },
  ),
  route('admin', 'routes/console/console-layout.tsx', { id: 'admin' }, [
    index('routes/console/console-home.tsx', { id: 'admin/index' }),
    route('account', 'routes/console/own-account.tsx', { id: 'admin/account' }),
    route('accounts', 'routes/console/accounts.tsx', { id: 'admin/accounts' }),
    route('platform-tokens', 'routes/console/platform-tokens.tsx', {
      id: 'admin/platform-tokens',
    }),
    route('audit', 'routes/console/audit-log.tsx', { id: 'admin/audit' }),
    route('complaints', 'routes/console/complaint-queue.tsx', {
      id: 'admin/complaints',
    }),
    route('complaints/:complaintNo', 'routes/console/complaint.tsx', {
      id: 'admin/complaint',
    }),
    route('feedback', 'routes/console/feedback-replies.tsx', {
      id: 'admin/feedback',
    }),
    route('complaint-figures', 'routes/console/complaint-figures.tsx', {
      id: 'admin/complaint-figures',
    }),
    route('content', 'routes/console/content-list.tsx', {
      id: 'admin/content',
    }),
    route('content/new', 'routes/console/content-new.tsx', {
      id: 'admin/content-new',
    }),
    route('content/:id', 'routes/console/content-item.tsx', {
      id: 'admin/content-item',
    }),
    route('supervision', 'routes/console/supervision-queue.tsx', {
      id: 'admin/supervision',
    }),
    route(
      'supervision/thresholds',
      'routes/console/supervision-thresholds.tsx',
      {
        id: 'admin/supervision-thresholds',
      },
    ),
    route('supervision/:id', 'routes/console/supervision-warning.tsx', {
      id: 'admin/supervision-warning',
    }),
    // An address of the console that has no page: said inside the console, not the portal.
    route('*', 'routes/console/console-not-found.tsx', {
      id: 'admin/not-found',
    }),
  ]),
  layout('routes/portal-layout.tsx', [
    route('/', 'routes/home/home.tsx', { id: 'home' }, [
      index('routes/redirects/to-index.tsx'),
      route('login', 'routes/home/login.tsx'),
      route('search', 'routes/home/search.tsx'),
      route('contact', 'routes/home/contact.tsx'),
      // The service pages of a government site, linked from every footer.
      route('sitemap', 'routes/home/site-map.tsx'),
      route('faq', 'routes/home/faq.tsx'),
      // Saved searches and their alerts: never cached, never indexed (server/pages).
      route('alerts/subscribe', 'routes/alerts/alert-subscribe.tsx', {
        id: 'alerts/subscribe',
      }),
      route('alerts/confirm', 'routes/alerts/alert-confirm.tsx', {
        id: 'alerts/confirm',
      }),
      route('alerts/unsubscribe', 'routes/alerts/alert-unsubscribe.tsx', {
        id: 'alerts/unsubscribe',
      }),
    ]),
    route('index', 'routes/news/news-section.tsx', { id: 'index' }, [
      index('routes/redirects/to-news.tsx'),
      route('new', 'routes/news/news-home.tsx', { id: 'index/new' }),
      route('newList', 'routes/news/news-list.tsx', { id: 'index/newList' }),
      route('newDetail', 'routes/news/news-detail.tsx', {
        id: 'index/newDetail',
      }),
    ]),
    route(
      'business',
      'routes/business/business-section.tsx',
      { id: 'business' },
      [
        index('routes/redirects/to-business-list.tsx'),
        route('index', 'routes/business/business-index.tsx', {
          id: 'business/index',
        }),
        route('list', 'routes/business/business-list.tsx', {
          id: 'business/list',
        }),
        route('detail', 'routes/business/business-detail.tsx', {
          id: 'business/detail',
        }),
        route('linkageDetail', 'routes/business/linkage-detail.tsx', {
          id: 'business/linkageDetail',
        }),
        route('supervision', 'routes/business/supervision-statistics.tsx', {
          id: 'business/supervision',
        }),
      ],
    ),
    route(
      'complaint',
      'routes/complaint/complaint-section.tsx',
      { id: 'complaint' },
      [
        index('routes/redirects/to-complaint-index.tsx'),
        route('index', 'routes/complaint/complaint-index.tsx', {
          id: 'complaint/index',
        }),
        route('list', 'routes/complaint/complaint-list.tsx', {
          id: 'complaint/list',
        }),
        route('search', 'routes/complaint/complaint-search.tsx', {
          id: 'complaint/search',
        }),
        route('detail', 'routes/complaint/complaint-detail.tsx', {
          id: 'complaint/detail',
        }),
        route('apply', 'routes/complaint/complaint-apply.tsx', {
          id: 'complaint/apply',
        }),
        route('feedback', 'routes/complaint/complaint-feedback.tsx', {
          id: 'complaint/feedback',
        }),
        route('figures', 'routes/complaint/complaint-figures.tsx', {
          id: 'complaint/figures',
        }),
      ],
    ),
    route(
      'policies',
      'routes/policies/policies-section.tsx',
      { id: 'policies' },
      [
        index('routes/redirects/to-policies-list.tsx'),
        route('index', 'routes/policies/policies-index.tsx', {
          id: 'policies/index',
        }),
        route('list', 'routes/policies/policies-list.tsx', {
          id: 'policies/list',
        }),
        route('detail', 'routes/policies/policies-detail.tsx', {
          id: 'policies/detail',
        }),
      ],
    ),
    // Public credit records (不良行为记录 / 行政处罚公示): a section of the side menu.
    route('credit', 'routes/credit/credit-section.tsx', { id: 'credit' }, [
      index('routes/redirects/to-credit-list.tsx'),
      route('list', 'routes/credit/credit-list.tsx', { id: 'credit/list' }),
      route('detail', 'routes/credit/credit-detail.tsx', {
        id: 'credit/detail',
      }),
    ]),
    route(
      'download',
      'routes/download/download-section.tsx',
      { id: 'download' },
      [
        index('routes/download/download-list.tsx', { id: 'download/list' }),
        route('detail', 'routes/download/download-detail.tsx', {
          id: 'download/detail',
        }),
      ],
    ),
    route('404', 'routes/not-found.tsx'),
  ]),
  // spec §2: an unknown path redirects to /
  route('*', 'routes/redirects/unknown-to-root.tsx'),
] satisfies RouteConfig
