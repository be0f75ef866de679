package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func pascalRow(n int64) []int64 {
	row := []int64{1}
	for k := int64(0); k < n; k++ {
		row = append(row, row[k]*(n-k)/(k+1))
	}
	return row
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
			fmt.Fprintln(writer, strings.Trim(fmt.Sprint(pascalRow(n)), "[]"))
		}
	}
}
