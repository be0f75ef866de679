package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func decimalText(n, d int64) string {
	whole, rest := n/d, n%d
	if rest == 0 {
		return strconv.FormatInt(whole, 10)
	}
	digits := []byte{}
	seen := map[int64]int{}
	for rest != 0 {
		if _, ok := seen[rest]; ok {
			break
		}
		seen[rest] = len(digits)
		rest *= 10
		digits = append(digits, byte('0'+rest/d))
		rest %= d
	}
	out := strconv.FormatInt(whole, 10) + "."
	if rest == 0 {
		return out + string(digits)
	}
	start := seen[rest]
	return out + string(digits[:start]) + "(" + string(digits[start:]) + ")"
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var n, d int64
	for {
		if _, err := fmt.Fscan(reader, &n, &d); err != nil {
			break
		}
		if d > 0 && n >= 0 {
			fmt.Fprintln(writer, decimalText(n, d))
		} else {
			fmt.Fprintln(writer, "invalid")
		}
	}
}
