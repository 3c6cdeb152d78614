import { describe, expect, it } from 'vitest'

import {
  bidsReleaseSchema,
  ocdsValidators,
  schemaErrors,
} from '#tests/ocds-schemas.ts'

import {
  compileReleases,
  versionReleases,
  WHOLE_LIST_PATHS,
  WHOLE_VALUE_PATHS,
} from './ocds-merge.ts'
import type { Release } from './ocds-release-event.ts'

type Node = Record<string, unknown>

/**
 * The arrays the merging specification merges whole, read from release-schema.json as it says:
 * `wholeListMerge`, items of a type other than object, or object items without an `id`.
 */
function wholeListPathsOf(schema: Node): string[] {
  const definitions = schema.definitions as Record<string, Node>
  const resolve = (node: Node): Node =>
    typeof node.$ref === 'string'
      ? resolve(definitions[node.$ref.replace('#/definitions/', '')]!)
      : node
  const types = (node: Node) => [node.type ?? []].flat() as string[]
  const found: string[] = []
  function walk(properties: Record<string, Node>, path: string[]) {
    for (const [key, raw] of Object.entries(properties)) {
      const node = resolve(raw)
      const at = [...path, key]
      if (types(node).includes('object') && node.properties)
        walk(node.properties as Record<string, Node>, at)
      if (!types(node).includes('array') || !node.items) continue
      const items = resolve(node.items as Node)
      const itemProperties = items.properties as
        Record<string, Node> | undefined
      const isObjects = types(items).includes('object')
      if (
        node.wholeListMerge === true ||
        (isObjects && types(items).some((t) => t !== 'object')) ||
        (isObjects && itemProperties && !('id' in itemProperties))
      )
        found.push(at.join('.'))
      if (isObjects && itemProperties) walk(itemProperties, at)
    }
  }
  walk(schema.properties as Record<string, Node>, [])
  return found.sort()
}

const release = (
  id: string,
  date: string,
  tag: string[],
  fields: Node,
): Release => ({ ocid: 'ocds-213czf-A', id, date, tag, ...fields })

// The worked example of the merging specification, in miniature: a tender, its amendment, and
// two awards published apart.
const RELEASES = [
  release('1', '2026-01-01T09:30:00+08:00', ['tender'], {
    initiationType: 'tender',
    tender: {
      id: 'A',
      description: '招标',
      value: { amount: 1000, currency: 'CNY' },
      items: [
        {
          id: '1',
          additionalClassifications: [{ scheme: 'X', id: 'a' }],
        },
      ],
    },
  }),
  release('2', '2026-02-05T09:30:00+08:00', ['tenderAmendment'], {
    initiationType: 'tender',
    tender: {
      id: 'A',
      description: '招标（更正）',
      value: { amount: 2000, currency: 'CNY' },
      items: [
        {
          id: '1',
          additionalClassifications: [{ scheme: 'X', id: 'b' }],
        },
      ],
    },
  }),
  release('3', '2026-03-01T09:30:00+08:00', ['award'], {
    initiationType: 'tender',
    awards: [
      { id: '1', status: 'active', suppliers: [{ id: 'o1', name: '甲' }] },
    ],
  }),
  release('4', '2026-03-03T09:30:00+08:00', ['award'], {
    initiationType: 'tender',
    tender: { id: 'A', description: null },
    awards: [{ id: '2', status: 'active' }],
  }),
]

describe('merging releases into a record', () => {
  it('knows the arrays the release schema merges whole, with the bids extension applied', () => {
    expect([...WHOLE_LIST_PATHS].sort()).toEqual(
      wholeListPathsOf(bidsReleaseSchema),
    )
  })

  it('compiles the latest value of each field: objects by id, whole lists replaced, null removed', () => {
    expect(compileReleases(RELEASES)).toEqual({
      ocid: 'ocds-213czf-A',
      id: 'ocds-213czf-A-2026-03-03T09:30:00+08:00',
      date: '2026-03-03T09:30:00+08:00',
      tag: ['compiled'],
      initiationType: 'tender',
      tender: {
        id: 'A',
        value: { amount: 2000, currency: 'CNY' },
        items: [
          { id: '1', additionalClassifications: [{ scheme: 'X', id: 'b' }] },
        ],
      },
      awards: [
        { id: '1', status: 'active', suppliers: [{ id: 'o1', name: '甲' }] },
        { id: '2', status: 'active' },
      ],
    })
  })

  it('versions each field’s values with the release that gave them, leaving array ids as they are', () => {
    const versioned = versionReleases(RELEASES) as Node
    const at = (id: string, date: string, tag: string[], value: unknown) => ({
      releaseID: id,
      releaseDate: date,
      releaseTag: tag,
      value,
    })
    const [r1, r2, r3, r4] = RELEASES
    expect(versioned.ocid).toBe('ocds-213czf-A')
    // Unchanged values are not repeated; tender.id is versioned, as the schema's versionId says.
    expect(versioned.initiationType).toEqual([
      at(r1!.id, r1!.date, r1!.tag, 'tender'),
    ])
    const tender = versioned.tender as Node
    expect(tender.id).toEqual([at(r1!.id, r1!.date, r1!.tag, 'A')])
    expect(tender.description).toEqual([
      at(r1!.id, r1!.date, r1!.tag, '招标'),
      at(r2!.id, r2!.date, r2!.tag, '招标（更正）'),
      at(r4!.id, r4!.date, r4!.tag, null),
    ])
    expect(tender.items).toEqual([
      {
        id: '1',
        additionalClassifications: [
          at(r1!.id, r1!.date, r1!.tag, [{ scheme: 'X', id: 'a' }]),
          at(r2!.id, r2!.date, r2!.tag, [{ scheme: 'X', id: 'b' }]),
        ],
      },
    ])
    expect(versioned.awards).toEqual([
      {
        id: '1',
        status: [at(r3!.id, r3!.date, r3!.tag, 'active')],
        suppliers: [{ id: 'o1', name: [at(r3!.id, r3!.date, r3!.tag, '甲')] }],
      },
      { id: '2', status: [at(r4!.id, r4!.date, r4!.tag, 'active')] },
    ])
  })

  it('versions a party’s details, an object the schema gives no fields, as one value', () => {
    const party = (records: number[]) => ({
      initiationType: 'tender',
      parties: [
        {
          id: 'p',
          name: '甲',
          roles: ['procuringEntity'],
          details: { creditRecords: records.map((id) => ({ id })) },
        },
      ],
    })
    const releases = [
      release('1', '2026-01-01T09:30:00+08:00', ['tender'], party([1])),
      release(
        '2',
        '2026-02-05T09:30:00+08:00',
        ['tenderUpdate'],
        party([1, 2]),
      ),
    ]
    expect([...WHOLE_VALUE_PATHS]).toEqual(['parties.details'])
    const versioned = versionReleases(releases)
    const [p] = versioned.parties as Node[]
    expect(p!.details).toEqual([
      expect.objectContaining({
        releaseID: '1',
        value: party([1]).parties[0]!.details,
      }),
      expect.objectContaining({
        releaseID: '2',
        value: party([1, 2]).parties[0]!.details,
      }),
    ])
    const record = {
      ocid: 'ocds-213czf-A',
      releases: releases.map((r) => ({
        url: `http://127.0.0.1:3000/ocds/releases#${r.id}`,
        date: r.date,
        tag: r.tag,
      })),
      compiledRelease: compileReleases(releases),
      versionedRelease: versioned,
    }
    expect(
      schemaErrors(ocdsValidators.recordPackage, {
        uri: 'http://127.0.0.1:3000/ocds/records/ocds-213czf-A',
        publishedDate: '2026-02-05T09:30:00+08:00',
        publisher: { name: '平台' },
        version: '1.1',
        records: [record],
      }),
    ).toEqual([])
  })
})
