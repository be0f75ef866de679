package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func expandTabs(line string, tabsize int) string {
	var out strings.Builder
	col := 0
	for _, ch := range line {
		if ch == '\t' {
			spaces := tabsize - col%tabsize
			out.WriteString(strings.Repeat(" ", spaces))
			col += spaces
		} else {
			out.WriteRune(ch)
			col++
		}
	}
	return out.String()
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Scan()
	tabsize, _ := strconv.Atoi(strings.TrimSpace(scanner.Text()))
	for scanner.Scan() {
		fmt.Println(expandTabs(scanner.Text(), tabsize))
	}
}
