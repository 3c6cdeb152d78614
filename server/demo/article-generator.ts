import { INDUSTRY_TEMPLATES } from './industry-templates.ts'
import { NEWS_TEMPLATES } from './news-templates.ts'
import { NOTICE_TEMPLATES } from './notice-templates.ts'
import {
  createRandom,
  TemplateContext,
  type ArticleTemplate,
  type GeneratedArticle,
} from './template-context.ts'

export const TEMPLATES_BY_CATEGORY: Record<number, ArticleTemplate[]> = {
  1073: NOTICE_TEMPLATES,
  1002: NEWS_TEMPLATES,
  1001: INDUSTRY_TEMPLATES,
}

export const DEMO_CATEGORIES = [1073, 1002, 1001] as const

/**
 * Realistic articles of a water-resources department, reproducible from a seed.
 * `variant` picks the template (cycled by the seed for even coverage); the place, project
 * and figures are drawn at random.
 */
export function createArticleGenerator(seed = 20240601) {
  const random = createRandom(seed)
  return {
    random,
    generate(
      categoryId: number,
      publishTime: Date,
      variant?: number,
    ): GeneratedArticle {
      const templates = TEMPLATES_BY_CATEGORY[categoryId] ?? NEWS_TEMPLATES
      const index = variant ?? Math.floor(random() * templates.length)
      const template = templates[index % templates.length] as ArticleTemplate
      return template(new TemplateContext(random, publishTime))
    },
  }
}
