// Debian's sentry-go handling one HTTP request that fails, as a Go service would.
// sentry-go 0.11 sends cookies, headers and the client address as they are; our scrubber must filter them.
// argv: DSN, then a JSON object of secrets. Driven by tests/api/privacy-sdks.test.ts.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"time"

	"github.com/getsentry/sentry-go"
)

func main() {
	var secrets map[string]string
	if err := json.Unmarshal([]byte(os.Args[2]), &secrets); err != nil {
		panic(err)
	}
	if err := sentry.Init(sentry.ClientOptions{Dsn: os.Args[1]}); err != nil {
		panic(err)
	}
	req := httptest.NewRequest("POST", "/checkout?access_token="+secrets["queryToken"]+"&step=2", strings.NewReader("password="+secrets["formPassword"]+"&item=book"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Authorization", "Bearer "+secrets["bearer"])
	req.Header.Set("Cookie", "sessionid="+secrets["cookie"]+"; theme=dark")
	req.Header.Set("X-Api-Key", secrets["apiKey"])
	req.RemoteAddr = "198.51.100.78:4242"
	hub := sentry.CurrentHub().Clone()
	hub.Scope().SetRequest(req)
	hub.Scope().SetExtra("password", secrets["password"])
	hub.AddBreadcrumb(&sentry.Breadcrumb{Category: "http", Message: "POST /login", Data: map[string]interface{}{"url": "/login", "api_key": secrets["apiKey"]}}, nil)
	hub.CaptureException(errors.New("card " + secrets["card"] + " declined"))
	if !hub.Flush(5 * time.Second) {
		panic("flush timed out")
	}
	fmt.Println("sent")
}
