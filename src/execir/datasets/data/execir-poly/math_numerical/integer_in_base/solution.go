package main

import (
	"bufio"
	"fmt"
	"os"
)

const digits = "0123456789abcdefghijklmnopqrstuvwxyz"

func toBase(n, base int64) string {
	if base < 2 || base > 36 {
		return "invalid"
	}
	if n == 0 {
		return "0"
	}
	negative := n < 0
	if negative {
		n = -n
	}
	out := []byte{}
	for n > 0 {
		out = append([]byte{digits[n%base]}, out...)
		n /= base
	}
	if negative {
		return "-" + string(out)
	}
	return string(out)
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var n, base int64
	for {
		if _, err := fmt.Fscan(reader, &n, &base); err != nil {
			break
		}
		fmt.Fprintln(writer, toBase(n, base))
	}
}
