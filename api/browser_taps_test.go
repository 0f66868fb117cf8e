package api_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gameai/internal/browsertest"
)

// TestBrowserAPhoneNeitherZoomsNorMisses: at 390 px, the fields of the
// pages people type into are 16 px or more (under it, iOS zooms into a
// field on focus) and their fields and buttons 44 px tall (a finger's
// target), and the pages still fit the screen.
func TestBrowserAPhoneNeitherZoomsNorMisses(t *testing.T) {
	e := newEnv(t, nil, nil)
	ctx := browsertest.New(t, time.Minute)
	phone := viewports[1]
	do(t, ctx, chromedp.EmulateViewport(phone.width, phone.height, phone.opts...))
	for _, page := range []string{"/#/bots", "/#/account", "/#/morris", "/#/less"} {
		do(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(e.url+page))
		poll[bool](t, ctx, page, `document.querySelectorAll('main input, main select, main button').length > 0`, 10*time.Second)
		bad := eval[[]string](t, ctx, `[...document.querySelectorAll('main input, main select, main textarea, main button')]
			.filter(x => x.offsetParent !== null && !['checkbox', 'radio', 'range', 'file', 'hidden'].includes(x.type))
			.flatMap(x => {
				const s = getComputedStyle(x), h = x.getBoundingClientRect().height, name = x.id || x.name || x.textContent.trim().slice(0, 20);
				const out = [];
				if (x.tagName !== 'BUTTON' && parseFloat(s.fontSize) < 16) out.push(name + ': ' + s.fontSize);
				if (x.tagName !== 'TEXTAREA' && h < 43.5) out.push(name + ': ' + Math.round(h) + ' px tall');
				return out;
			})`)
		if len(bad) > 0 {
			t.Errorf("%s at 390 px: %v", page, bad)
		}
		phone.fits(t, ctx)
	}
}
