// Debian's sentry-go sending messages with their stack (AttachStacktrace). argv: DSN.
// Driven by tests/api/messages-sdks.test.ts.
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/getsentry/sentry-go"
)

func nightlyReport(text string) {
	sentry.CaptureMessage(text)
}

func cleanup(text string) {
	sentry.CaptureMessage(text)
}

func main() {
	if err := sentry.Init(sentry.ClientOptions{Dsn: os.Args[1], AttachStacktrace: true}); err != nil {
		panic(err)
	}
	for _, text := range []string{"Disk almost full", "Disk almost full", "Cache warmed"} {
		nightlyReport(text)
	}
	cleanup("Disk almost full")
	if !sentry.Flush(5 * time.Second) {
		panic("flush timed out")
	}
	fmt.Println("sent")
}
