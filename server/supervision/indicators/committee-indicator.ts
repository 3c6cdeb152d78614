import type { Indicator } from '../tender-record.ts'

/**
 * 招标投标法 art. 37 and 水利部令第14号: an evaluation committee of 5 or more (7 or more for a
 * water project, as every project here is), an odd number.
 */
export const committee: Indicator<'committee'> = {
  code: 'committee',
  evaluate({ evaluation }, { thresholds }) {
    if (!evaluation) return null
    const { minMembers } = thresholds.committee
    const size = evaluation.committeeSize
    const problems = [
      ...(size < minMembers ? [`少于 ${minMembers} 人`] : []),
      ...(size % 2 === 0 ? ['为双数'] : []),
    ]
    if (problems.length === 0) return null
    return {
      inputs: [{ label: '评标委员会人数', value: size }],
      explanation: `评标委员会 ${size} 人，${problems.join('且')}；水利工程的评标委员会应为 ${minMembers} 人以上单数。`,
    }
  },
}
