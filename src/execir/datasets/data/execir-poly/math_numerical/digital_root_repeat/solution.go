package main

import (
	"bufio"
	"fmt"
	"os"
)

func digitalRoot(n int64) int64 {
	for n >= 10 {
		total := int64(0)
		for n > 0 {
			total += n % 10
			n /= 10
		}
		n = total
	}
	return n
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var n int64
	for {
		if _, err := fmt.Fscan(reader, &n); err != nil {
			break
		}
		if n < 0 {
			fmt.Fprintln(writer, "invalid")
		} else {
			fmt.Fprintln(writer, digitalRoot(n))
		}
	}
}
