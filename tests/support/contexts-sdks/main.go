// Debian's sentry-go capturing an error with a context a team set (Scope.SetContext), nested values included.
// argv: DSN, then the context as JSON. Driven by tests/api/contexts-sdks.test.ts.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/getsentry/sentry-go"
)

func main() {
	var order map[string]interface{}
	if err := json.Unmarshal([]byte(os.Args[2]), &order); err != nil {
		panic(err)
	}
	if err := sentry.Init(sentry.ClientOptions{Dsn: os.Args[1]}); err != nil {
		panic(err)
	}
	hub := sentry.CurrentHub().Clone()
	hub.Scope().SetContext("order", order)
	hub.CaptureException(errors.New("order could not be charged"))
	if !hub.Flush(5 * time.Second) {
		panic("flush timed out")
	}
	fmt.Println("sent")
}
