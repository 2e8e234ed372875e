/*
 * The local PayPal sandbox's stand-in for PayPal's JS SDK (card-fields
 * component), loaded by @paypal/react-paypal-js through `sdkBaseUrl`. It
 * offers what the page uses of the real one: window.paypal.CardFields(opts)
 * with isEligible, getState and submit, and Number/Expiry/CVV/Name fields
 * whose render(el) puts real inputs in the page and whose close() removes
 * them again (React StrictMode renders, closes and renders). submit() calls
 * the page's createOrder, sends the card to the sandbox (PayPal's
 * confirm-payment-source, with the access token the sandbox put in this
 * script when it served it, and the expiry in PayPal's YYYY-MM), then
 * calls onApprove({orderID}), like the SDK.
 * No inline styles: the page's stylesheet styles .paypal-sandbox-field.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var base = new URL(script && script.src ? script.src : '/dev/paypal/sdk/js', window.location.href);
  var apiBase = base.origin + base.pathname.replace(/\/sdk\/js$/, '');
  // Replaced by a token issued for this load (server/stand-ins/paypal-sandbox/routes.ts).
  var accessToken = '__SANDBOX_ACCESS_TOKEN__';

  function digits(value) {
    return String(value || '').replace(/[\s-]/g, '');
  }
  function luhn(number) {
    if (!/^\d{12,19}$/.test(number)) return false;
    var sum = 0;
    for (var i = 0; i < number.length; i += 1) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  }
  // What the member types, MM/YY or MM/YYYY, as PayPal's YYYY-MM; null when it is no month.
  function payPalExpiry(value) {
    var m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value || '');
    if (!m) return null;
    var month = Number(m[1]);
    var year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    if (month < 1 || month > 12) return null;
    return year + '-' + (month < 10 ? '0' : '') + month;
  }
  function expiryValid(value) {
    var expiry = payPalExpiry(value);
    var now = new Date();
    var current = now.getFullYear() + '-' + (now.getMonth() < 9 ? '0' : '') + (now.getMonth() + 1);
    return expiry !== null && expiry >= current;
  }

  var FIELDS = {
    NumberField: { key: 'cardNumberField', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '4111 1111 1111 1111', valid: function (v) { return luhn(digits(v)); } },
    ExpiryField: { key: 'cardExpiryField', label: 'Expiry date (MM/YY)', autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM/YY', valid: expiryValid },
    CVVField: { key: 'cardCvvField', label: 'Security code (CVV)', autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', valid: function (v) { return /^\d{3,4}$/.test(String(v || '').trim()); } },
    NameField: { key: 'cardNameField', label: 'Name on card', autocomplete: 'cc-name', inputmode: 'text', placeholder: 'Name as on the card', valid: function (v) { return String(v || '').length <= 300; } },
  };

  var counter = 0;

  function CardFields(opts) {
    opts = opts || {};
    var values = { cardNumberField: '', cardExpiryField: '', cardCvvField: '', cardNameField: '' };
    var focused = null;

    function state() {
      var fields = {};
      var valid = true;
      Object.keys(FIELDS).forEach(function (kind) {
        var spec = FIELDS[kind];
        var value = values[spec.key];
        var ok = spec.valid(value);
        if (!ok) valid = false;
        fields[spec.key] = { isEmpty: value === '', isValid: ok, isPotentiallyValid: ok || value === '', isFocused: focused === spec.key };
      });
      var errors = Object.keys(fields).filter(function (k) { return !fields[k].isValid; }).map(function (k) {
        return 'INVALID_' + k.replace(/^card|Field$/g, '').toUpperCase();
      });
      return { isFormValid: valid, errors: errors, fields: fields, cards: [] };
    }

    function emit(name, fieldOpts) {
      var handler = (fieldOpts && fieldOpts.inputEvents && fieldOpts.inputEvents[name]) || (opts.inputEvents && opts.inputEvents[name]);
      if (typeof handler === 'function') handler(state());
    }

    function makeField(kind) {
      return function (fieldOpts) {
        var spec = FIELDS[kind];
        var wrapper = null;
        var input = null;
        return {
          render: function (container) {
            var host = typeof container === 'string' ? document.querySelector(container) : container;
            if (!host) return Promise.reject(new Error('PayPal CardFields: container not found'));
            counter += 1;
            wrapper = document.createElement('label');
            wrapper.className = 'paypal-sandbox-field';
            var caption = document.createElement('span');
            caption.textContent = spec.label;
            input = document.createElement('input');
            input.id = 'paypal-sandbox-' + spec.key + '-' + counter;
            input.name = spec.key;
            input.type = 'text';
            input.autocomplete = spec.autocomplete;
            input.inputMode = spec.inputmode;
            input.placeholder = (fieldOpts && fieldOpts.placeholder) || spec.placeholder;
            input.value = values[spec.key];
            input.addEventListener('input', function () {
              values[spec.key] = input.value;
              input.setAttribute('aria-invalid', String(!spec.valid(input.value) && input.value !== ''));
              emit('onChange', fieldOpts);
            });
            input.addEventListener('focus', function () { focused = spec.key; emit('onFocus', fieldOpts); });
            input.addEventListener('blur', function () { focused = null; emit('onBlur', fieldOpts); });
            wrapper.appendChild(caption);
            wrapper.appendChild(input);
            host.appendChild(wrapper);
            return Promise.resolve();
          },
          close: function () {
            if (wrapper && wrapper.parentNode) wrapper.parentNode.removeChild(wrapper);
            wrapper = null;
            input = null;
            return Promise.resolve();
          },
          focus: function () { if (input) input.focus(); },
          clear: function () { values[spec.key] = ''; if (input) input.value = ''; },
          setPlaceholder: function (text) { if (input) input.placeholder = text; },
        };
      };
    }

    // PayPal's billing_address names, from the page's submit({billingAddress}).
    function billing(address) {
      if (!address) return undefined;
      return {
        address_line_1: address.addressLine1, address_line_2: address.addressLine2, admin_area_2: address.adminArea2,
        admin_area_1: address.adminArea1, postal_code: address.postalCode, country_code: address.countryCode,
      };
    }

    function confirmCard(orderID, submitOptions) {
      return fetch(apiBase + '/v2/checkout/orders/' + encodeURIComponent(orderID) + '/confirm-payment-source', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + accessToken },
        body: JSON.stringify({
          payment_source: {
            card: {
              number: digits(values.cardNumberField), expiry: payPalExpiry(values.cardExpiryField), security_code: values.cardCvvField.trim(),
              name: (values.cardNameField || (submitOptions && submitOptions.name) || '').trim(), billing_address: billing(submitOptions && submitOptions.billingAddress),
            },
          },
        }),
      }).then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) {
            var detail = (body.details && body.details[0]) || {};
            var error = new Error(detail.description || body.message || 'The card was not accepted');
            error.name = detail.issue || body.name || 'CARD_ERROR';
            throw error;
          }
        });
      });
    }

    var api = {
      isEligible: function () { return true; },
      getState: function () { return Promise.resolve(state()); },
      submit: function (submitOptions) {
        if (!state().isFormValid) return Promise.reject(new Error('INVALID_PAYMENT_FORM'));
        if (typeof opts.createOrder !== 'function') return Promise.reject(new Error('createOrder is required'));
        return Promise.resolve()
          .then(function () { return opts.createOrder(); })
          .then(function (orderID) {
            if (!orderID) throw new Error('createOrder returned no order id');
            return confirmCard(orderID, submitOptions).then(function () {
              return typeof opts.onApprove === 'function' ? opts.onApprove({ orderID: orderID, liabilityShift: 'NO' }) : undefined;
            });
          })
          .catch(function (error) {
            if (typeof opts.onError === 'function') opts.onError(error);
            throw error;
          });
      },
    };
    Object.keys(FIELDS).forEach(function (kind) { api[kind] = makeField(kind); });
    return api;
  }

  window.paypal = { version: '5.0.0-chaps-local-sandbox', CardFields: CardFields };
})();
