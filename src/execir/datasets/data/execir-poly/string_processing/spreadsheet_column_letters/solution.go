package main

import (
	"bufio"
	"fmt"
	"os"
)

func columnLabel(n int64) string {
	label := ""
	for n > 0 {
		n--
		label = string(rune('A'+n%26)) + label
		n /= 26
	}
	return label
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var n int64
	for {
		if _, err := fmt.Fscan(reader, &n); err != nil {
			break
		}
		if n >= 1 {
			fmt.Println(columnLabel(n))
		} else {
			fmt.Println("invalid")
		}
	}
}
