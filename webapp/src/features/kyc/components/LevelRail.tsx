/**
 * The progress rail (docs/contract.md §13.1): level 1 Personal Information
 * (1/3), level 2 Full ID Verification (2/3), level 3 Identification Document
 * (3/3). Levels up to currentLevel are highlighted; the level whose form is
 * shown is marked as the current step.
 */
import { CheckOutlined } from '@ant-design/icons'
import { LEVELS } from '../texts'
import type { KycLevel } from '../types'

export function LevelRail({ currentLevel, formLevel }: { currentLevel: number; formLevel: KycLevel }) {
  return (
    <nav aria-label="KYC levels" className="kobo-kyc-rail">
      <ol>
        {LEVELS.map(({ level, title, step }) => {
          const done = level <= currentLevel
          const active = level === formLevel && !done
          return (
            <li
              key={level}
              className={`kobo-kyc-rail__level${done ? ' kobo-kyc-rail__level--done' : ''}${active ? ' kobo-kyc-rail__level--active' : ''}`}
              aria-current={level === formLevel ? 'step' : undefined}
              data-testid={`kyc-rail-level-${level}`}
              data-highlighted={done}
            >
              <span className="kobo-kyc-rail__marker" aria-hidden="true">
                {done ? <CheckOutlined /> : level}
              </span>
              <span className="kobo-kyc-rail__text">
                <span className="kobo-kyc-rail__eyebrow">Level {level}</span>
                <span className="kobo-kyc-rail__title">{title}</span>
              </span>
              <span className="kobo-kyc-rail__step">{step}</span>
              <span className="kobo-kyc-sr">{done ? ' (completed)' : active ? ' (in progress)' : ''}</span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
