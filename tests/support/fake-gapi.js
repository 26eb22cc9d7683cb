/* global window, document, setTimeout, URL */
/*
 * A stand-in for Google's iframe loader (https://apis.google.com/js/api.js), which this machine cannot download.
 * Firebase's popup sign-in and the Auth emulator's helper iframe both talk through gapi.iframes; this implements the
 * few calls they make (load, getContext().open / getParentIframe, register, send, ping, restyle) over postMessage.
 * The browser tests serve it in place of the real script by route interception; the app code is unchanged.
 */
(function () {
  var FILTER = function () {
    return true;
  };
  var nextId = 1;

  /** One end of a channel to another window. */
  function Channel(target) {
    var handlers = {};
    var queued = [];
    var replies = {};
    var readyCallbacks = [];
    var ready = false;
    function deliver(message) {
      var handler = handlers[message.name];
      if (!handler) return queued.push(message);
      var result = handler(message.data);
      target.postMessage({ fakeGapi: 'reply', id: message.id, result: [result] }, '*');
    }
    window.addEventListener('message', function (event) {
      var data = event.data;
      if (event.source !== target || !data || !data.fakeGapi) return;
      if (data.fakeGapi === 'ready') {
        ready = true;
        readyCallbacks.splice(0).forEach(function (cb) {
          cb();
        });
      } else if (data.fakeGapi === 'send') deliver(data);
      else if (data.fakeGapi === 'reply' && replies[data.id]) {
        var cb = replies[data.id];
        delete replies[data.id];
        cb(data.result);
      }
    });
    return {
      register: function (name, handler) {
        handlers[name] = handler;
        queued.splice(0).forEach(deliver);
      },
      send: function (name, data, callback) {
        var id = nextId++;
        if (callback) replies[id] = callback;
        target.postMessage({ fakeGapi: 'send', id: id, name: name, data: data }, '*');
      },
      ping: function (callback) {
        return new Promise(function (resolve) {
          var done = function () {
            if (callback) callback();
            resolve();
          };
          if (ready) done();
          else readyCallbacks.push(done);
        });
      },
      restyle: function () {
        return Promise.resolve();
      },
    };
  }

  var context = {
    open: function (options, onOpened) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var channel = Channel(frame.contentWindow);
      return Promise.resolve(onOpened(channel));
    },
    getParentIframe: function () {
      var channel = Channel(window.parent);
      window.parent.postMessage({ fakeGapi: 'ready' }, '*');
      return channel;
    },
  };

  window.gapi = {
    load: function (_name, options) {
      setTimeout(function () {
        (typeof options === 'function' ? options : options.callback)();
      });
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: FILTER,
      Iframe: function () {},
      getContext: function () {
        return context;
      },
    },
  };

  var script = document.currentScript;
  var onload = script && new URL(script.src).searchParams.get('onload');
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  });
})();
