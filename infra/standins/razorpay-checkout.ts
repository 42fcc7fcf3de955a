// The Razorpay stand-in's `/v1/checkout.js`: `window.Razorpay` with Standard Checkout's constructor and options (key,
// amount, currency, order_id — or subscription_id, a mandate to authorise for autopay: POST /v1/checkout/subscriptions,
// the handler given razorpay_subscription_id — name, description, image, prefill, notes, theme.color, handler,
// modal.ondismiss, modal.escape) and methods (open, close, on('payment.failed')). It shows an accessible modal (role=dialog, focus kept
// inside, Escape dismisses) with "Pay with UPI", "Pay with card" and "Fail payment"; paying posts to the stand-in
// (`POST /v1/checkout/payments` with the public key, as the real Checkout does with its own endpoints), which creates
// the payment, signs the handler's response with the key secret and sends the webhooks. The script's own origin is
// the stand-in's: loaded from http://127.0.0.1:2526/v1/checkout.js it talks to http://127.0.0.1:2526.
export const checkoutScript = (): string => `/* Razorpay Checkout stand-in (Akhada development and tests: no money moves) */
(function () {
  'use strict';
  var current = document.currentScript;
  var ORIGIN = current && current.src ? new URL(current.src).origin : window.location.origin;

  var CSS = [
    ':host { all: initial; }',
    '.backdrop { position: fixed; inset: 0; background: rgba(16, 24, 40, .6); display: flex; align-items: center; justify-content: center; z-index: 2147483647; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }',
    '.dialog { background: #fff; color: #101828; width: min(400px, calc(100vw - 24px)); max-height: calc(100vh - 24px); overflow: auto; border-radius: 12px; box-shadow: 0 20px 40px rgba(0,0,0,.3); }',
    '.head { padding: 16px 20px; color: #fff; border-radius: 12px 12px 0 0; position: relative; }',
    '.head h2 { margin: 0 40px 2px 0; font-size: 18px; font-weight: 700; }',
    '.head p { margin: 0; opacity: .92; font-size: 14px; }',
    '.amount { font-size: 26px; font-weight: 700; margin-top: 8px !important; opacity: 1 !important; }',
    '.close { position: absolute; top: 10px; right: 10px; width: 36px; height: 36px; border-radius: 50%; border: 0; background: rgba(255,255,255,.2); color: #fff; font-size: 20px; cursor: pointer; }',
    '.body { padding: 16px 20px 20px; display: grid; gap: 12px; }',
    '.who { font-size: 14px; color: #475467; margin: 0; overflow-wrap: anywhere; }',
    '.pay { font: inherit; font-weight: 600; min-height: 48px; border-radius: 8px; border: 1px solid #1a56db; background: #1a56db; color: #fff; cursor: pointer; }',
    '.pay.card { background: #fff; color: #1a56db; }',
    '.pay.fail { background: #fff; color: #b42318; border-color: #b42318; }',
    'button:disabled { opacity: .55; cursor: progress; }',
    'button:focus-visible { outline: 3px solid #f79009; outline-offset: 2px; }',
    '.status { min-height: 1.5em; margin: 0; font-size: 14px; }',
    '.status.error { color: #b42318; font-weight: 600; }',
    '.note { margin: 4px 0 0; font-size: 12px; color: #667085; text-align: center; }'
  ].join('\\n');

  function formatAmount(paise, currency) {
    var n = Number(paise) / 100;
    try { return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(n); }
    catch (e) { return '₹' + n.toFixed(2); }
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options !== 'object') throw new Error('Razorpay: options are required');
    if (!options.key) throw new Error('Razorpay: the key option is required');
    this.options = options;
    this._handlers = {};
    this._host = null;
  }

  Razorpay.prototype.on = function (event, fn) {
    if (typeof fn === 'function') (this._handlers[event] = this._handlers[event] || []).push(fn);
    return this;
  };

  Razorpay.prototype._emit = function (event, data) {
    (this._handlers[event] || []).forEach(function (fn) {
      try { fn(data); } catch (e) { setTimeout(function () { throw e; }); }
    });
  };

  Razorpay.prototype.close = function () {
    if (!this._host) return;
    document.removeEventListener('keydown', this._onKey, true);
    this._host.remove();
    this._host = null;
    if (this._returnFocus && typeof this._returnFocus.focus === 'function') this._returnFocus.focus();
  };

  Razorpay.prototype._dismiss = function () {
    if (!this._host || this._busy) return;
    this.close();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.open = function () {
    if (this._host) return this;
    var self = this;
    var o = this.options;
    var prefill = o.prefill || {};
    var color = (o.theme && o.theme.color) || '#1a56db';
    this._returnFocus = document.activeElement;

    var host = document.createElement('div');
    host.setAttribute('data-razorpay-standin', '');
    var root = host.attachShadow({ mode: 'open' });
    var style = document.createElement('style');
    style.textContent = CSS;
    root.appendChild(style);

    function el(tag, attrs, text) {
      var e = document.createElement(tag);
      Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
      if (text !== undefined) e.textContent = text;
      return e;
    }

    var backdrop = el('div', { class: 'backdrop' });
    var dialog = el('div', { class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'rzp-title', 'aria-describedby': 'rzp-desc' });
    var head = el('div', { class: 'head' });
    head.style.background = color;
    head.appendChild(el('h2', { id: 'rzp-title' }, o.name || 'Pay'));
    head.appendChild(el('p', { id: 'rzp-desc' }, o.description || ''));
    if (o.amount !== undefined && o.amount !== null) head.appendChild(el('p', { class: 'amount' }, formatAmount(o.amount, o.currency)));
    var closeBtn = el('button', { type: 'button', class: 'close', 'aria-label': 'Close payment window' }, '×');
    head.appendChild(closeBtn);
    dialog.appendChild(head);

    var body = el('div', { class: 'body' });
    var who = [prefill.name, prefill.email, prefill.contact].filter(Boolean).join(' · ');
    if (who) body.appendChild(el('p', { class: 'who' }, who));
    var mandate = !!o.subscription_id;
    var upi = el('button', { type: 'button', class: 'pay' }, mandate ? 'Set up UPI AutoPay' : 'Pay with UPI');
    var card = el('button', { type: 'button', class: 'pay card' }, mandate ? 'Set up card mandate' : 'Pay with card');
    var failBtn = el('button', { type: 'button', class: 'pay fail' }, 'Fail payment');
    var status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
    body.appendChild(upi);
    body.appendChild(card);
    body.appendChild(failBtn);
    body.appendChild(status);
    body.appendChild(el('p', { class: 'note' }, 'Razorpay stand-in · test mode · no money moves'));
    dialog.appendChild(body);
    backdrop.appendChild(dialog);
    root.appendChild(backdrop);
    document.body.appendChild(host);
    this._host = host;

    var buttons = [closeBtn, upi, card, failBtn];
    function setBusy(busy) {
      self._busy = busy;
      buttons.forEach(function (b) { b.disabled = busy; });
    }

    function pay(method, outcome) {
      setBusy(true);
      status.className = 'status';
      status.textContent = 'Processing payment…';
      // A subscription (autopay) is authorised instead of an order paid: the handler gets razorpay_subscription_id.
      fetch(ORIGIN + (mandate ? '/v1/checkout/subscriptions' : '/v1/checkout/payments'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(mandate
          ? { key_id: o.key, subscription_id: o.subscription_id, method: method, outcome: outcome }
          : {
            key_id: o.key, order_id: o.order_id, method: method, outcome: outcome,
            email: prefill.email, contact: prefill.contact, description: o.description
          })
      }).then(function (res) {
        return res.json().then(function (data) { return { ok: res.ok, data: data }; });
      }).then(function (r) {
        setBusy(false);
        if (r.ok) {
          self.close();
          if (typeof o.handler === 'function') o.handler(r.data);
          return;
        }
        var error = (r.data && r.data.error) || { code: 'BAD_REQUEST_ERROR', description: 'Payment failed' };
        status.className = 'status error';
        status.setAttribute('role', 'alert');
        status.textContent = error.description || 'Payment failed';
        self._emit('payment.failed', { error: error });
      }, function () {
        setBusy(false);
        var error = { code: 'GATEWAY_ERROR', description: 'Payment could not be completed: network error', source: 'internal', step: 'payment_initiation', reason: 'network_error', metadata: { order_id: o.order_id } };
        status.className = 'status error';
        status.setAttribute('role', 'alert');
        status.textContent = error.description;
        self._emit('payment.failed', { error: error });
      });
    }

    upi.addEventListener('click', function () { pay('upi', 'success'); });
    card.addEventListener('click', function () { pay('card', 'success'); });
    failBtn.addEventListener('click', function () { pay('upi', 'failure'); });
    closeBtn.addEventListener('click', function () { self._dismiss(); });

    this._onKey = function (e) {
      if (e.key === 'Escape' && (o.modal || {}).escape !== false) { e.preventDefault(); self._dismiss(); return; }
      if (e.key !== 'Tab') return;
      var enabled = buttons.filter(function (b) { return !b.disabled; });
      if (!enabled.length) { e.preventDefault(); return; }
      var active = root.activeElement;
      var i = enabled.indexOf(active);
      var next = e.shiftKey ? (i <= 0 ? enabled.length - 1 : i - 1) : (i === -1 || i === enabled.length - 1 ? 0 : i + 1);
      e.preventDefault();
      enabled[next].focus();
    };
    document.addEventListener('keydown', this._onKey, true);
    upi.focus();
    return this;
  };

  window.Razorpay = Razorpay;
})();
`;
