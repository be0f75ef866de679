package main

import (
	"bufio"
	"fmt"
	"os"
)

var names = []string{"green", "yellow", "red"}

func colourAt(t int64, lengths []int64) string {
	if t < 0 {
		return "invalid"
	}
	cycle := int64(0)
	for _, length := range lengths {
		cycle += length
	}
	t %= cycle
	for i, length := range lengths {
		if t < length {
			return names[i]
		}
		t -= length
	}
	return "invalid"
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	lengths := make([]int64, 3)
	fmt.Fscan(reader, &lengths[0], &lengths[1], &lengths[2])
	var t int64
	for {
		if _, err := fmt.Fscan(reader, &t); err != nil {
			break
		}
		fmt.Fprintln(writer, colourAt(t, lengths))
	}
}
