package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func railFence(message string, rails int) string {
	if rails <= 1 {
		return message
	}
	rows := make([]strings.Builder, rails)
	cycle := 2 * (rails - 1)
	for i := 0; i < len(message); i++ {
		pos := i % cycle
		row := pos
		if pos >= rails {
			row = cycle - pos
		}
		rows[row].WriteByte(message[i])
	}
	out := ""
	for i := range rows {
		out += rows[i].String()
	}
	return out
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	first, _ := reader.ReadString('\n')
	message, _ := reader.ReadString('\n')
	rails, _ := strconv.Atoi(strings.TrimSpace(first))
	fmt.Println(railFence(strings.TrimRight(message, "\n"), rails))
}
