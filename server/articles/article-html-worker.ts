import { sanitizeArticleHtml } from './sanitize-article-html.ts'

// Runs in a worker thread (sanitize-article-html.ts).
export default (html: string) => sanitizeArticleHtml(html)
