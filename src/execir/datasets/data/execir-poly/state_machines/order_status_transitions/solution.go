package main

import (
	"bufio"
	"fmt"
	"os"
)

var moves = map[string]map[string]string{
	"pay":     {"created": "paid"},
	"ship":    {"paid": "shipped"},
	"deliver": {"shipped": "delivered"},
	"cancel":  {"created": "cancelled", "paid": "cancelled"},
}

func runWorkflow(actions []string) (string, int) {
	status, rejected := "created", 0
	for _, action := range actions {
		if target, ok := moves[action][status]; ok {
			status = target
		} else {
			rejected++
		}
	}
	return status, rejected
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Split(bufio.ScanWords)
	actions := []string{}
	for scanner.Scan() {
		actions = append(actions, scanner.Text())
	}
	fmt.Println(runWorkflow(actions))
}
