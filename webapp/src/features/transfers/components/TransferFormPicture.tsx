/**
 * The transfer form as it first appears (TransferForm.tsx: empty fields, Send disabled), drawn
 * in antd's markup without antd (issue 57): /transfer's first screen shows it while antd's
 * form, selects and number input load, right after that screen's own code; the real form
 * then takes its place at the same size. Like the painted first view (src/firstPaint.ts) it
 * is a picture: `inert` and hidden from assistive technology, its labels tied to no field,
 * so nothing can be typed into it and no test or journey finds a field in it (they wait for
 * the real form). A field tapped meanwhile is focused once the real form is there
 * (formPictureTap.ts). The labels, placeholders and required marks are TransferForm's own.
 */
import type { ReactNode } from 'react'
import { DownOutlined, SendOutlined } from '@ant-design/icons'
import { Button, Col, Row } from '../../../components/plain'
import { THEME_CLASS } from '../../../lib/theme'
import type { TransferKind } from '../../../api/transferTypes'
import { fieldAt, keepTap } from './formPictureTap'

function Item({ field, label, required = false, children }: { field: string; label: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={`ant-form-item ${THEME_CLASS} ant-form-css-var ant-form-item-vertical`} data-field={field}>
      <div className={`ant-row ant-form-item-row ${THEME_CLASS}`}>
        <div className={`ant-col ant-form-item-label ${THEME_CLASS}`}>
          <label className={required ? 'ant-form-item-required' : ''} title={label}>
            {label}
          </label>
        </div>
        <div className={`ant-col ant-form-item-control ${THEME_CLASS}`}>
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">{children}</div>
          </div>
        </div>
      </div>
    </div>
  )
}

/** antd's closed Select with nothing chosen: the placeholder and the arrow. */
function Select({ placeholder, search = false }: { placeholder: string; search?: boolean }) {
  const shape = `ant-select ant-select-outlined ant-select-in-form-item ${THEME_CLASS} ant-select-css-var ant-select-single ant-select-show-arrow`
  return (
    <div className={search ? `${shape} ant-select-show-search` : shape}>
      <div className="ant-select-content">
        <div className="ant-select-placeholder">{placeholder}</div>
        <input className="ant-select-input" type="text" readOnly tabIndex={-1} value="" />
      </div>
      <div className="ant-select-suffix">
        <DownOutlined />
      </div>
    </div>
  )
}

function Input({ placeholder }: { placeholder: string }) {
  return <input className={`ant-input ant-input-outlined ${THEME_CLASS} ant-input-css-var`} type="text" placeholder={placeholder} readOnly tabIndex={-1} value="" />
}

/** AmountInput: antd's InputNumber with the naira prefix and no step buttons. */
function Amount() {
  return (
    <div
      className={`ant-input-number ant-input-number-mode-input ${THEME_CLASS} ant-input-number-css-var ant-input-number-outlined ant-input-number-in-form-item ant-input-number-without-controls`}
      style={{ width: '100%' }}
    >
      <div className="ant-input-number-prefix">₦</div>
      <input className="ant-input-number-input" placeholder="0.00" readOnly tabIndex={-1} value="" />
    </div>
  )
}

function Checkbox({ children }: { children: string }) {
  return (
    <label className={`ant-checkbox-wrapper ${THEME_CLASS} ant-checkbox-css-var`}>
      <span className="ant-checkbox ant-wave-target">
        <input className="ant-checkbox-input" type="checkbox" tabIndex={-1} />
      </span>
      <span className="ant-checkbox-label">{children}</span>
    </label>
  )
}

export function TransferFormPicture({ kind }: { kind: TransferKind }) {
  const own = kind === 'OWN_ACCOUNT'
  const otherBank = kind === 'OTHER_BANK'
  return (
    <div onPointerDown={(event) => keepTap(fieldAt(event.currentTarget, event.clientX, event.clientY))}>
      <div inert aria-hidden="true" data-testid="transfer-form-picture">
      <form className={`ant-form ant-form-vertical ${THEME_CLASS} ant-form-css-var kobo-transfer-form`}>
        <Row gutter={16}>
          <Col xs={24} md={own ? 12 : 24}>
            <Item field="sourceAccountNumber" label="From Account" required>
              <Select placeholder="Select From Account" />
            </Item>
          </Col>
          {own && (
            <Col xs={24} md={12}>
              <Item field="destinationAccountNumber" label="To Account" required>
                <Select placeholder="Select To Account" />
              </Item>
            </Col>
          )}
        </Row>
        {!own && (
          <>
            <Item field="beneficiaryId" label="Choose Beneficiary (Optional)">
              <Select placeholder="Select a saved beneficiary" search />
            </Item>
            <Row gutter={16}>
              {otherBank && (
                <Col xs={24} md={12}>
                  <Item field="destinationBankCode" label="Bank" required>
                    <Select placeholder="Select Bank" search />
                  </Item>
                </Col>
              )}
              <Col xs={24} md={otherBank ? 12 : 24}>
                <Item field="destinationAccountNumber" label="Account Number" required>
                  <Input placeholder="10-digit account number" />
                </Item>
              </Col>
            </Row>
          </>
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Item field="amount" label="Amount" required>
              <Amount />
            </Item>
          </Col>
          <Col xs={24} md={12}>
            <Item field="description" label="Narration (Optional)">
              <Input placeholder="What is it for?" />
            </Item>
          </Col>
        </Row>
        <div className="kobo-transfer-options">
          {!own && <Checkbox>Save as beneficiary</Checkbox>}
          <Checkbox>Schedule this transfer</Checkbox>
        </div>
        <Button
          type="primary"
          size="large"
          icon={<SendOutlined />}
          disabled
          className="kobo-transfer-send"
          // antd's runtime gives its own Button the base font size (an unlayered rule on its
          // style hash, over the large size's), so the real Send's label is drawn at it.
          style={{ fontSize: 'var(--ant-font-size)' }}
        >
          Send
        </Button>
      </form>
      </div>
    </div>
  )
}
